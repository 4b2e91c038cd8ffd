<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>arachne::gui</name>
    <message>
        <source>Plan by %1 %2 (seed %3) for %4 on %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput: %1 sequences/s, %2 tokens/s, %3 iterations/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration time: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster price: $%1 per hour, $%2 per million tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan is not feasible:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template %1: %2 replica(s), micro-batch %3, %4 micro-batches per replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  stage %1: %2 TP %3, layers %4-%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, experts EP %1 x ETP %2 x EDP %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, t_s %1, memory %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unused GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  node %1 (%2, %3 GPUs): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::AlternativesChart</name>
    <message>
        <source>plan on screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other planners</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1/iter · %n GPU(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throughput (sequences/s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::ComposerPanel</name>
    <message>
        <source>GPU palette (drag a node tile onto the cluster):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tile GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in a new node; &quot;usual&quot; takes the GPU type&apos;s usual node size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster (drag nodes to move, Ctrl+drag to copy, onto another type to change it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPUs in node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add node from palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move node up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move node down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change GPU type to</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::CompositionModel</name>
    <message>
        <source>Add %1-GPU %2 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change node %1 from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resize node %1 from %2 to %3 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) in %1 node(s) · $%2 per hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>$%1/h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Node %1: %n GPU(s) of %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>GPU type / node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::Format</name>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::GpuPaletteModel</name>
    <message>
        <source>%1 · %2 GB · $%3/GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1
Drag onto the cluster to add a node of %n GPU(s), or press Insert.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>arachne::gui::MainWindow</name>
    <message>
        <source>The result was dropped because the input changed during the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input changed; the comparison was dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arachne Plan Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster composer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model, training and planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pla&amp;n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save cluster as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export plan JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export current view as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export current view as P&amp;DF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy plan summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Plan (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with &amp;other planners</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the other planners on the same input (in the background)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan yet. Compose a cluster, choose a model and press Plan (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster or the training settings changed after this plan was made. Press F5 to plan again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Construction replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alternatives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster files (*.cluster.json *.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster files (*.cluster.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan files (*.plan.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan summary copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster is empty: add a node first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no planner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No feasible plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The planner failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sequences/s · %2 tokens/s · iteration %3 · %4 of %5 GPUs used · planner %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 plans evaluated in %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; the best plan so far is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the plan on screen with every other planner&apos;s plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan first (F5): the comparison runs on the input of the plan on screen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 in the background…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 is no longer in the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::MemoryChart</name>
    <message>
        <source>T%1 S%2
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>template and stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory per GPU (GB)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::PlanExporter</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no view to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::PlanView</name>
    <message>
        <source>&lt;b&gt;Template %1, stage %2&lt;/b&gt;: %3, TP %4, layers %5–%6, micro-batch %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute per micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP communication per micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to next stage (%1) per micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage time t_s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient sync per iteration (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory %1 of %2 GB, %3 micro-batches in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No timing for this stage: the plan is not priced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>× %n replica(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n micro-batch(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU types:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · TP %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) · nodes %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1 × ETP %2 × EDP %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::PlannerPanel</name>
    <message>
        <source>P&amp;lanner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall-clock limit of the planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the planner…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2 s, best %3 sequences/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::PlanningRunner</name>
    <message>
        <source>the planner failed with an unknown error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::ReplayPanel</name>
    <message>
        <source>◀ Previous step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The planner recorded no construction steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2: throughput %3 → %4 sequences/s (reward %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throughput after the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>construction step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequences/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::TimelineView</name>
    <message numerus="yes">
        <source>Template %1 (slowest replica): %n micro-batch(es), one iteration %2, bubble %3%</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubble (idle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::TrainingPanel</name>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Global batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model &amp;file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Activation checkpointing (recompute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 billion parameters · %3 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>arachne::gui::WhyDroppedModel</name>
    <message>
        <source>GPU type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unused GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason (cost model)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
