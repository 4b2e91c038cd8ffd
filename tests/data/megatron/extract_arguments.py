#!/usr/bin/python3
"""Writes arguments-<commit>.json: every option of Megatron-LM's real argument parser.

Usage (Debian 12, with python3-torch python3-packaging python3-typing-extensions installed):
    git -C MEGATRON_LM rev-parse HEAD        # the commit the file is for
    /usr/bin/python3 extract_arguments.py MEGATRON_LM > arguments-<short commit>.json

It imports megatron.training.arguments from the checkout and calls parse_args() with
ArgumentParser.parse_args intercepted, so the options are exactly those of that commit's parser
(those written with add_argument and those ArgumentGroupFactory derives from the config
dataclasses). Megatron-LM's runtime dependencies (Transformer Engine, Apex, a current PyTorch)
are not needed for that: a module that is missing is replaced by a permissive stand-in, and so are
the few PyTorch 2.x names that Debian's torch 1.13 lacks. The stand-ins only let the modules import;
no option is invented by them (the output lists what was stood in for).
"""
import argparse
import importlib
import importlib.abc
import importlib.machinery
import json
import re
import subprocess
import sys
import types
import typing
from unittest import mock

checkout = sys.argv[1]
sys.path.insert(0, checkout)

STUB_ALLOW = set()   # top-level packages that turned out to be missing
BLOCK_REAL = {       # torch 1.13 submodules that fail to import on Python 3.11 or do not exist
    'torch.distributed._shard', 'torch.distributed.checkpoint', 'torch.distributed.tensor',
    'torch.distributed._tensor', 'torch.distributed.fsdp', 'torch.distributed._composable',
    'torch.utils.cpp_extension'}
STUBBED, PATCHED = [], []


class _Stub(types.ModuleType):
    def __init__(self, name):
        super().__init__(name)
        self.__path__ = []
        self.__version__ = '2.9.0'

    def __or__(self, other):
        return typing.Any
    __ror__ = __or__

    def __call__(self, *a, **k):
        return mock.MagicMock()

    def __getattr__(self, attr):
        if attr.startswith('__') and attr.endswith('__'):
            raise AttributeError(attr)
        m = mock.MagicMock(name=f"{self.__name__}.{attr}")
        setattr(self, attr, m)
        return m


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        top = name.split('.')[0]
        if any(name == b or name.startswith(b + '.') for b in BLOCK_REAL) or top in STUB_ALLOW:
            return importlib.machinery.ModuleSpec(name, self)
        return None

    def create_module(self, spec):
        STUBBED.append(spec.name)
        return _Stub(spec.name)

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _Finder())
import torch  # noqa: E402

torch.jit.script = lambda fn=None, *a, **k: fn if fn is not None else (lambda f: f)
torch.compile = lambda fn=None, *a, **k: fn if fn is not None else (lambda f: f)


def _forget_megatron():
    for k in [k for k in sys.modules if k.startswith('megatron')]:
        del sys.modules[k]


for _ in range(500):
    try:
        import megatron.training.arguments as A
        break
    except ModuleNotFoundError as e:
        STUB_ALLOW.add(e.name.split('.')[0])
        _forget_megatron()
    except ImportError as e:
        m = re.match(r"cannot import name '(\w+)' from '([\w.]+)'", str(e))
        if not m:
            raise
        setattr(importlib.import_module(m.group(2)), m.group(1), mock.MagicMock())
        PATCHED.append(m.group(2) + '.' + m.group(1))
        _forget_megatron()
    except AttributeError as e:
        m = re.match(r"module '([\w.]+)' has no attribute '(\w+)'", str(e))
        if not m:
            raise
        setattr(importlib.import_module(m.group(1)), m.group(2), mock.MagicMock())
        PATCHED.append(m.group(1) + '.' + m.group(2))
        _forget_megatron()

holder = {}


def _capture(self, *a, **k):
    holder['parser'] = self
    raise SystemExit(0)


argparse.ArgumentParser.parse_args = _capture
argparse.ArgumentParser.parse_known_args = _capture
try:
    A.parse_args(ignore_unknown_args=False)
except SystemExit:
    pass

ACTIONS = {'_StoreAction': 'store', '_StoreTrueAction': 'store_true', '_StoreFalseAction': 'store_false',
           '_StoreConstAction': 'store_const', '_AppendAction': 'append', '_HelpAction': 'help',
           '_CountAction': 'count', '_VersionAction': 'version', 'BooleanOptionalAction': 'boolean_optional'}
lines = []
for act in holder['parser']._actions:
    for opt in act.option_strings:
        e = {'action': ACTIONS.get(type(act).__name__, type(act).__name__), 'dest': act.dest}
        t = getattr(act, 'type', None)
        if t is not None:
            e['type'] = t.__name__ if isinstance(t, type) else 'callable'
        if act.nargs not in (None, 0):
            e['nargs'] = act.nargs
        if act.choices is not None:
            e['choices'] = [str(c) for c in act.choices]
        lines.append((opt, e))
lines.sort()
commit = subprocess.run(['git', '-C', checkout, 'rev-parse', 'HEAD'], capture_output=True, text=True).stdout.strip()
date = subprocess.run(['git', '-C', checkout, 'show', '-s', '--format=%cs', 'HEAD'], capture_output=True, text=True).stdout.strip()
head = {
    'origin': 'NVIDIA/Megatron-LM, megatron/training/arguments.py (parse_args: every option of its argparse parser, '
              'including those ArgumentGroupFactory derives from TransformerConfig and the training config dataclasses)',
    'commit': commit or 'unknown (not a git checkout)',
    'commit_date': date,
    'licence': 'Megatron-LM is BSD-3-Clause (NVIDIA); this file lists option names and their argparse kinds only',
    'generated_by': 'tests/data/megatron/extract_arguments.py (see README.md)',
}
print('stood in for: ' + ', '.join(sorted(set(STUBBED))) + '; patched: ' + ', '.join(PATCHED), file=sys.stderr)
sys.stdout.write('{\n' + ',\n'.join('  %s: %s' % (json.dumps(k), json.dumps(v)) for k, v in head.items()) +
                 ',\n  "options": {\n' + ',\n'.join('    %s: %s' % (json.dumps(n), json.dumps(e, sort_keys=True))
                                                  for n, e in lines) + '\n  }\n}\n')
