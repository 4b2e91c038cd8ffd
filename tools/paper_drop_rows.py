#!/usr/bin/env python3
"""Take one planner's rows out of the CSV files of `arachne-cli paper --csv-dir DIR`, so that the
next `arachne-cli paper --csv-dir DIR` plans that planner's cells again and reads every other
cell back. Standard library only.

    python3 tools/paper_drop_rows.py DIR --planner arachne
    build/release/app/cli/arachne-cli paper --figure 1,7,9,10,8 --csv-dir DIR
    build/release/app/cli/arachne-cli paper --figure 11 --csv-dir DIR

How docs/paper-results.md ("arachne's rows on a later build") replanned `arachne` alone on a
later build without rerunning the baselines' hours at their budget. Rows keep their columns and
order; each file is rewritten in place, so work on a copy when the originals are to be kept.
"""
import argparse
import csv
import glob
import os
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_dir")
    ap.add_argument("--planner", required=True, help="the planner column's value, e.g. arachne")
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(a.csv_dir, "paper-fig*.csv")))
    if not files:
        sys.exit(f"paper_drop_rows: {a.csv_dir}: no paper-fig*.csv file")
    for path in files:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            fields = reader.fieldnames
            rows = list(reader)
        if not fields or "planner" not in fields:
            sys.exit(f"paper_drop_rows: {path}: no 'planner' column")
        kept = [r for r in rows if r["planner"] != a.planner]
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
            w.writeheader()
            w.writerows(kept)
        print(f"{path}: {len(rows) - len(kept)} of {len(rows)} rows dropped")


if __name__ == "__main__":
    main()
