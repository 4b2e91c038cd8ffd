<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>arachne::gui::AlternativesChart</name>
        <message>
            <source>plan on screen</source>
            <translation>angezeigter Plan</translation>
        </message>
        <message>
            <source>other planners</source>
            <translation>andere Planer</translation>
        </message>
        <message numerus="yes">
            <source>%1/iter · %n GPU(s)</source>
            <translation>
                <numerusform>%1/Iter. · %n GPU</numerusform>
                <numerusform>%1/Iter. · %n GPUs</numerusform>
            </translation>
        </message>
        <message>
            <source>no plan</source>
            <translation>kein Plan</translation>
        </message>
        <message>
            <source>throughput (sequences/s)</source>
            <translation>Durchsatz (Sequenzen/s)</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ComposerPanel</name>
        <message>
            <source>GPU palette (drag a node tile onto the cluster):</source>
            <translation>GPU-Palette (eine Knotenkachel auf den Cluster ziehen):</translation>
        </message>
        <message>
            <source>&amp;Tile GPUs:</source>
            <translation>GPUs pro &amp;Kachel:</translation>
        </message>
        <message>
            <source>usual</source>
            <translation>üblich</translation>
        </message>
        <message>
            <source>GPUs in a new node; "usual" takes the GPU type's usual node size</source>
            <translation>GPUs in einem neuen Knoten; „üblich“ nimmt die übliche Knotengröße des GPU-Typs</translation>
        </message>
        <message>
            <source>&amp;Add node</source>
            <translation>Knoten &amp;hinzufügen</translation>
        </message>
        <message>
            <source>Cluster (drag nodes to move, Ctrl+drag to copy, onto another type to change it):</source>
            <translation>Cluster (Knoten ziehen zum Verschieben, Strg+Ziehen zum Kopieren, auf einen anderen Typ ziehen zum Ändern):</translation>
        </message>
        <message>
            <source>&amp;GPUs in node:</source>
            <translation>&amp;GPUs im Knoten:</translation>
        </message>
        <message>
            <source>D&amp;uplicate</source>
            <translation>D&amp;uplizieren</translation>
        </message>
        <message>
            <source>De&amp;lete</source>
            <translation>&amp;Löschen</translation>
        </message>
        <message>
            <source>Add node from palette</source>
            <translation>Knoten aus der Palette hinzufügen</translation>
        </message>
        <message>
            <source>Duplicate node</source>
            <translation>Knoten duplizieren</translation>
        </message>
        <message>
            <source>Delete node</source>
            <translation>Knoten löschen</translation>
        </message>
        <message>
            <source>Move node up</source>
            <translation>Knoten nach oben</translation>
        </message>
        <message>
            <source>Move node down</source>
            <translation>Knoten nach unten</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Change GPU type to</source>
            <translation>GPU-Typ ändern in</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::CompositionModel</name>
        <message>
            <source>Add %1-GPU %2 node</source>
            <translation>%2-Knoten mit %1 GPUs hinzufügen</translation>
        </message>
        <message>
            <source>Delete node %1</source>
            <translation>Knoten %1 löschen</translation>
        </message>
        <message>
            <source>Duplicate node %1</source>
            <translation>Knoten %1 duplizieren</translation>
        </message>
        <message>
            <source>Load %1</source>
            <translation>%1 laden</translation>
        </message>
        <message>
            <source>Move node %1</source>
            <translation>Knoten %1 verschieben</translation>
        </message>
        <message>
            <source>Change node %1 from %2 to %3</source>
            <translation>Knoten %1 von %2 zu %3 ändern</translation>
        </message>
        <message>
            <source>Resize node %1 from %2 to %3 GPUs</source>
            <translation>Knoten %1 von %2 auf %3 GPUs ändern</translation>
        </message>
        <message numerus="yes">
            <source>%n GPU(s) in %1 node(s) · $%2 per hour</source>
            <translation>
                <numerusform>%n GPU in %1 Knoten · %2 $ pro Stunde</numerusform>
                <numerusform>%n GPUs in %1 Knoten · %2 $ pro Stunde</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n GPU(s)</source>
            <translation>
                <numerusform>%n GPU</numerusform>
                <numerusform>%n GPUs</numerusform>
            </translation>
        </message>
        <message>
            <source>$%1/h</source>
            <translation>%1 $/h</translation>
        </message>
        <message numerus="yes">
            <source>Node %1: %n GPU(s) of %2</source>
            <translation>
                <numerusform>Knoten %1: %n GPU vom Typ %2</numerusform>
                <numerusform>Knoten %1: %n GPUs vom Typ %2</numerusform>
            </translation>
        </message>
        <message>
            <source>GPU type / node</source>
            <translation>GPU-Typ / Knoten</translation>
        </message>
        <message>
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <source>Duplicate nodes</source>
            <translation>Knoten duplizieren</translation>
        </message>
        <message>
            <source>Move nodes</source>
            <translation>Knoten verschieben</translation>
        </message>
        <message>
            <source>Node %1</source>
            <translation>Knoten %1</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::Format</name>
        <message>
            <source>%1 GB</source>
            <translation>%1 GB</translation>
        </message>
        <message>
            <source>n/a</source>
            <translation>k. A.</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <translation>%1 µs</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 min</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::GpuPaletteModel</name>
        <message>
            <source>%1 · %2 GB · $%3/GPU-h</source>
            <translation>%1 · %2 GB · %3 $/GPU-h</translation>
        </message>
        <message numerus="yes">
            <source>%1
Drag onto the cluster to add a node of %n GPU(s), or press Insert.</source>
            <translation>
                <numerusform>%1
Auf den Cluster ziehen, um einen Knoten mit %n GPU hinzuzufügen, oder Einfg drücken.</numerusform>
                <numerusform>%1
Auf den Cluster ziehen, um einen Knoten mit %n GPUs hinzuzufügen, oder Einfg drücken.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::LaunchExportAction</name>
        <message>
            <source>Export &amp;launch files…</source>
            <translation>&amp;Startdateien exportieren…</translation>
        </message>
        <message>
            <source>There is no plan to export.</source>
            <translation>Es gibt keinen Plan zum Exportieren.</translation>
        </message>
        <message>
            <source>The plan does not fit the cluster: %1</source>
            <translation>Der Plan passt nicht auf den Cluster: %1</translation>
        </message>
        <message>
            <source>Cannot create %1</source>
            <translation>%1 kann nicht angelegt werden</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>Megatron-LM cannot run this plan unmodified:</source>
            <translation>Megatron-LM kann diesen Plan nicht unverändert ausführen:</translation>
        </message>
        <message>
            <source>No Megatron-LM command was written; the rank map was written instead.</source>
            <translation>Es wurde kein Megatron-LM-Befehl geschrieben, stattdessen die Rangtabelle.</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>Hinweis: %1</translation>
        </message>
        <message>
            <source>Wrote %1 into %2.</source>
            <translation>%1 nach %2 geschrieben.</translation>
        </message>
        <message>
            <source>Megatron-LM (launch.sh, rankmap.json, hostfile)</source>
            <translation>Megatron-LM (launch.sh, rankmap.json, hostfile)</translation>
        </message>
        <message>
            <source>torchrun for any training script (launch.sh, rankmap.json, hostfile)</source>
            <translation>torchrun für ein beliebiges Trainingsskript (launch.sh, rankmap.json, hostfile)</translation>
        </message>
        <message>
            <source>Rank map only (rankmap.json, hostfile)</source>
            <translation>Nur die Rangtabelle (rankmap.json, hostfile)</translation>
        </message>
        <message>
            <source>Export launch files</source>
            <translation>Startdateien exportieren</translation>
        </message>
        <message>
            <source>Format:</source>
            <translation>Format:</translation>
        </message>
        <message>
            <source>Export launch files into</source>
            <translation>Startdateien exportieren nach</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::MainWindow</name>
        <message>
            <source>The result was dropped because the input changed during the run.</source>
            <translation>Das Ergebnis wurde verworfen, weil sich die Eingabe während des Laufs geändert hat.</translation>
        </message>
        <message>
            <source>The input changed; the comparison was dropped.</source>
            <translation>Die Eingabe hat sich geändert; der Vergleich wurde verworfen.</translation>
        </message>
        <message>
            <source>Arachne Plan Explorer</source>
            <translation>Arachne Plan-Explorer</translation>
        </message>
        <message>
            <source>Cluster composer</source>
            <translation>Cluster-Editor</translation>
        </message>
        <message>
            <source>Model, training and planner</source>
            <translation>Modell, Training und Planer</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <source>Open &amp;recent</source>
            <translation>&amp;Zuletzt geöffnet</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Bearbeiten</translation>
        </message>
        <message>
            <source>&amp;Presets</source>
            <translation>&amp;Vorlagen</translation>
        </message>
        <message>
            <source>Pla&amp;n</source>
            <translation>Pla&amp;nen</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Sprache</translation>
        </message>
        <message>
            <source>&amp;Open cluster…</source>
            <translation>Cluster ö&amp;ffnen …</translation>
        </message>
        <message>
            <source>&amp;Save cluster as…</source>
            <translation>Cluster &amp;speichern unter …</translation>
        </message>
        <message>
            <source>&amp;Export plan JSON…</source>
            <translation>Plan als JSON &amp;exportieren …</translation>
        </message>
        <message>
            <source>Export current view as &amp;PNG…</source>
            <translation>Aktuelle Ansicht als &amp;PNG exportieren …</translation>
        </message>
        <message>
            <source>Export current view as P&amp;DF…</source>
            <translation>Aktuelle Ansicht als P&amp;DF exportieren …</translation>
        </message>
        <message>
            <source>&amp;Copy plan summary</source>
            <translation>Plan-Zusammenfassung &amp;kopieren</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>&amp;Rückgängig</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>&amp;Wiederherstellen</translation>
        </message>
        <message>
            <source>&amp;Plan (F5)</source>
            <translation>&amp;Planen (F5)</translation>
        </message>
        <message>
            <source>&amp;Cancel (Esc)</source>
            <translation>&amp;Abbrechen (Esc)</translation>
        </message>
        <message>
            <source>Compare with &amp;other planners</source>
            <translation>Mit &amp;anderen Planern vergleichen</translation>
        </message>
        <message>
            <source>Run the other planners on the same input (in the background)</source>
            <translation>Die anderen Planer auf derselben Eingabe ausführen (im Hintergrund)</translation>
        </message>
        <message>
            <source>No plan yet. Compose a cluster, choose a model and press Plan (F5).</source>
            <translation>Noch kein Plan. Cluster zusammenstellen, Modell wählen und Planen (F5) drücken.</translation>
        </message>
        <message>
            <source>The cluster or the training settings changed after this plan was made. Press F5 to plan again.</source>
            <translation>Cluster oder Trainingseinstellungen haben sich seit diesem Plan geändert. F5 drücken, um neu zu planen.</translation>
        </message>
        <message>
            <source>Plan</source>
            <translation>Plan</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <source>1F1B timeline</source>
            <translation>1F1B-Zeitachse</translation>
        </message>
        <message>
            <source>Construction replay</source>
            <translation>Aufbau-Wiedergabe</translation>
        </message>
        <message>
            <source>Alternatives</source>
            <translation>Alternativen</translation>
        </message>
        <message>
            <source>Why dropped</source>
            <translation>Warum ungenutzt</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>Zusammenfassung</translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>%1 geöffnet</translation>
        </message>
        <message>
            <source>Cannot open cluster</source>
            <translation>Cluster kann nicht geöffnet werden</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>%1 gespeichert</translation>
        </message>
        <message>
            <source>Cannot save cluster</source>
            <translation>Cluster kann nicht gespeichert werden</translation>
        </message>
        <message>
            <source>Open cluster</source>
            <translation>Cluster öffnen</translation>
        </message>
        <message>
            <source>Cluster files (*.cluster.json *.json)</source>
            <translation>Cluster-Dateien (*.cluster.json *.json)</translation>
        </message>
        <message>
            <source>Save cluster</source>
            <translation>Cluster speichern</translation>
        </message>
        <message>
            <source>Cluster files (*.cluster.json)</source>
            <translation>Cluster-Dateien (*.cluster.json)</translation>
        </message>
        <message>
            <source>Export plan</source>
            <translation>Plan exportieren</translation>
        </message>
        <message>
            <source>Plan files (*.plan.json)</source>
            <translation>Plan-Dateien (*.plan.json)</translation>
        </message>
        <message>
            <source>Cannot export plan</source>
            <translation>Plan kann nicht exportiert werden</translation>
        </message>
        <message>
            <source>Wrote %1</source>
            <translation>%1 geschrieben</translation>
        </message>
        <message>
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <source>PNG image (*.png)</source>
            <translation>PNG-Bild (*.png)</translation>
        </message>
        <message>
            <source>Export view</source>
            <translation>Ansicht exportieren</translation>
        </message>
        <message>
            <source>Cannot export view</source>
            <translation>Ansicht kann nicht exportiert werden</translation>
        </message>
        <message>
            <source>Plan summary copied to the clipboard</source>
            <translation>Plan-Zusammenfassung in die Zwischenablage kopiert</translation>
        </message>
        <message>
            <source>The cluster is empty: add a node first.</source>
            <translation>Der Cluster ist leer: zuerst einen Knoten hinzufügen.</translation>
        </message>
        <message>
            <source>This build has no planner.</source>
            <translation>Dieser Build enthält keinen Planer.</translation>
        </message>
        <message>
            <source>No feasible plan: %1</source>
            <translation>Kein ausführbarer Plan: %1</translation>
        </message>
        <message>
            <source>The planner failed: %1</source>
            <translation>Der Planer ist fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>%1 sequences/s · %2 tokens/s · iteration %3 · %4 of %5 GPUs used · planner %6</source>
            <translation>%1 Sequenzen/s · %2 Token/s · Iteration %3 · %4 von %5 GPUs genutzt · Planer %6</translation>
        </message>
        <message>
            <source>Done: %1 plans evaluated in %2 s.</source>
            <translation>Fertig: %1 Pläne in %2 s bewertet.</translation>
        </message>
        <message>
            <source>Cancelled; the best plan so far is shown.</source>
            <translation>Abgebrochen; der bisher beste Plan wird angezeigt.</translation>
        </message>
        <message>
            <source>Compare the plan on screen with every other planner's plan.</source>
            <translation>Den angezeigten Plan mit den Plänen aller anderen Planer vergleichen.</translation>
        </message>
        <message>
            <source>Plan first (F5): the comparison runs on the input of the plan on screen.</source>
            <translation>Zuerst planen (F5): Der Vergleich läuft auf der Eingabe des angezeigten Plans.</translation>
        </message>
        <message>
            <source>Comparison finished.</source>
            <translation>Vergleich abgeschlossen.</translation>
        </message>
        <message>
            <source>Running %1 in the background…</source>
            <translation>%1 läuft im Hintergrund …</translation>
        </message>
        <message>
            <source>refused</source>
            <translation>abgelehnt</translation>
        </message>
        <message>
            <source>no plan</source>
            <translation>kein Plan</translation>
        </message>
        <message>
            <source>Node %1 is no longer in the cluster.</source>
            <translation>Knoten %1 ist nicht mehr im Cluster.</translation>
        </message>
        <message>
            <source>&amp;Undo %1</source>
            <translation>&amp;Rückgängig: %1</translation>
        </message>
        <message>
            <source>&amp;Redo %1</source>
            <translation>&amp;Wiederherstellen: %1</translation>
        </message>
        <message>
            <source>The planner refused: %1</source>
            <translation>Der Planer lehnt ab: %1</translation>
        </message>
        <message>
            <source>Cannot open file</source>
            <translation>Datei kann nicht geöffnet werden</translation>
        </message>
        <message>
            <source>%1 is neither a cluster (*.cluster.json), a plan (*.plan.json) nor a scenario (*.scenario.json) file.</source>
            <translation>%1 ist weder eine Cluster- (*.cluster.json), eine Plan- (*.plan.json) noch eine Szenariodatei (*.scenario.json).</translation>
        </message>
        <message>
            <source>%1 is a scenario file. Scenarios (clusters whose nodes join and leave) are not supported yet.</source>
            <translation>%1 ist eine Szenariodatei. Szenarien (Cluster, deren Knoten hinzukommen und wegfallen) werden noch nicht unterstützt.</translation>
        </message>
        <message>
            <source>%1 records no cluster, so its plan cannot be shown.</source>
            <translation>%1 nennt keinen Cluster, daher kann der Plan nicht angezeigt werden.</translation>
        </message>
        <message>
            <source>%1 records no model, so its plan cannot be shown.</source>
            <translation>%1 nennt kein Modell, daher kann der Plan nicht angezeigt werden.</translation>
        </message>
        <message>
            <source>Opened %1.</source>
            <translation>%1 geöffnet.</translation>
        </message>
        <message>
            <source>Opened %1: the plan is infeasible (%2).</source>
            <translation>%1 geöffnet: Der Plan ist nicht ausführbar (%2).</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::MemoryChart</name>
        <message>
            <source>T%1 S%2
%3</source>
            <translation>V%1 S%2
%3</translation>
        </message>
        <message>
            <source>parameters</source>
            <translation>Parameter</translation>
        </message>
        <message>
            <source>gradients</source>
            <translation>Gradienten</translation>
        </message>
        <message>
            <source>optimizer state</source>
            <translation>Optimierer-Zustand</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>Aktivierungen</translation>
        </message>
        <message>
            <source>overhead</source>
            <translation>Overhead</translation>
        </message>
        <message>
            <source>GPU memory capacity</source>
            <translation>GPU-Speicherkapazität</translation>
        </message>
        <message>
            <source>template and stage</source>
            <translation>Vorlage und Stufe</translation>
        </message>
        <message>
            <source>memory per GPU (GB)</source>
            <translation>Speicher pro GPU (GB)</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanExporter</name>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>There is no view to export.</source>
            <translation>Es gibt keine Ansicht zum Exportieren.</translation>
        </message>
        <message>
            <source>Cannot write %1</source>
            <translation>%1 kann nicht geschrieben werden</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanSummary</name>
        <message>
            <source>Plan by %1 %2 (seed %3) for %4 on %5</source>
            <translation>Plan von %1 %2 (Seed %3) für %4 auf %5</translation>
        </message>
        <message>
            <source>Throughput: %1 sequences/s, %2 tokens/s, %3 iterations/s</source>
            <translation>Durchsatz: %1 Sequenzen/s, %2 Token/s, %3 Iterationen/s</translation>
        </message>
        <message>
            <source>Iteration time: %1</source>
            <translation>Iterationszeit: %1</translation>
        </message>
        <message>
            <source>Cluster price: $%1 per hour, $%2 per million tokens</source>
            <translation>Clusterpreis: %1 $ pro Stunde, %2 $ pro Million Token</translation>
        </message>
        <message>
            <source>The plan is not feasible:</source>
            <translation>Der Plan ist nicht ausführbar:</translation>
        </message>
        <message>
            <source>GPUs used: %1</source>
            <translation>Genutzte GPUs: %1</translation>
        </message>
        <message>
            <source>Template %1: %2 replica(s), micro-batch %3, %4 micro-batches per replica</source>
            <translation>Vorlage %1: %2 Replikat(e), Micro-Batch %3, %4 Micro-Batches pro Replikat</translation>
        </message>
        <message>
            <source>  stage %1: %2 TP %3, layers %4-%5</source>
            <translation>  Stufe %1: %2 TP %3, Schichten %4-%5</translation>
        </message>
        <message>
            <source>, experts EP %1 x ETP %2 x EDP %3</source>
            <translation>, Experten EP %1 x ETP %2 x EDP %3</translation>
        </message>
        <message>
            <source>, t_s %1, memory %2 of %3</source>
            <translation>, t_s %1, Speicher %2 von %3</translation>
        </message>
        <message>
            <source>Unused GPUs:</source>
            <translation>Ungenutzte GPUs:</translation>
        </message>
        <message>
            <source>  node %1 (%2, %3 GPUs): %4</source>
            <translation>  Knoten %1 (%2, %3 GPUs): %4</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanView</name>
        <message>
            <source>&lt;b&gt;Template %1, stage %2&lt;/b&gt;: %3, TP %4, layers %5–%6, micro-batch %7</source>
            <translation>&lt;b&gt;Vorlage %1, Stufe %2&lt;/b&gt;: %3, TP %4, Schichten %5–%6, Micro-Batch %7</translation>
        </message>
        <message>
            <source>compute per micro-batch</source>
            <translation>Rechnen pro Micro-Batch</translation>
        </message>
        <message>
            <source>TP communication per micro-batch</source>
            <translation>TP-Kommunikation pro Micro-Batch</translation>
        </message>
        <message>
            <source>to next stage (%1) per micro-batch</source>
            <translation>zur nächsten Stufe (%1) pro Micro-Batch</translation>
        </message>
        <message>
            <source>stage time t_s</source>
            <translation>Stufenzeit t_s</translation>
        </message>
        <message>
            <source>gradient sync per iteration (%1)</source>
            <translation>Gradienten-Synchronisation pro Iteration (%1)</translation>
        </message>
        <message>
            <source>optimizer step per iteration</source>
            <translation>Optimiererschritt pro Iteration</translation>
        </message>
        <message>
            <source>Memory %1 of %2 GB, %3 micro-batches in flight</source>
            <translation>Speicher %1 von %2 GB, %3 Micro-Batches gleichzeitig</translation>
        </message>
        <message>
            <source>No timing for this stage: the plan is not priced.</source>
            <translation>Keine Zeiten für diese Stufe: Der Plan ist nicht bewertet.</translation>
        </message>
        <message>
            <source>Template %1</source>
            <translation>Vorlage %1</translation>
        </message>
        <message numerus="yes">
            <source>× %n replica(s)</source>
            <translation>
                <numerusform>× %n Replikat</numerusform>
                <numerusform>× %n Replikate</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n micro-batch(es)</source>
            <translation>
                <numerusform>%n Micro-Batch</numerusform>
                <numerusform>%n Micro-Batches</numerusform>
            </translation>
        </message>
        <message>
            <source>iteration %1</source>
            <translation>Iteration %1</translation>
        </message>
        <message>
            <source>GPU types:</source>
            <translation>GPU-Typen:</translation>
        </message>
        <message>
            <source>%1 · TP %2</source>
            <translation>%1 · TP %2</translation>
        </message>
        <message>
            <source>TP group</source>
            <translation>TP-Gruppe</translation>
        </message>
        <message>
            <source>EP %1 × ETP %2 × EDP %3</source>
            <translation>EP %1 × ETP %2 × EDP %3</translation>
        </message>
        <message>
            <source>node %1</source>
            <translation>Knoten %1</translation>
        </message>
        <message>
            <source>%1 nodes</source>
            <translation>%1 Knoten</translation>
        </message>
        <message numerus="yes">
            <source>%n GPU(s) · %1</source>
            <translation>
                <numerusform>%n GPU · %1</numerusform>
                <numerusform>%n GPUs · %1</numerusform>
            </translation>
        </message>
        <message>
            <source>layers %1–%2 · mb %3</source>
            <translation>Schichten %1–%2 · MB %3</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlannerPanel</name>
        <message>
            <source>P&amp;lanner:</source>
            <translation>P&amp;laner:</translation>
        </message>
        <message>
            <source>&amp;Budget:</source>
            <translation>&amp;Budget:</translation>
        </message>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>Wall-clock limit of the planner</source>
            <translation>Zeitlimit (Echtzeit) des Planers</translation>
        </message>
        <message>
            <source>Starting the planner…</source>
            <translation>Planer wird gestartet …</translation>
        </message>
        <message>
            <source>%1 plans evaluated in %2 s, best %3 sequences/s</source>
            <translation>%1 Pläne in %2 s bewertet, bester %3 Sequenzen/s</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanningRunner</name>
        <message>
            <source>the planner failed with an unknown error</source>
            <translation>der Planer ist mit einem unbekannten Fehler fehlgeschlagen</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ReplayPanel</name>
        <message>
            <source>◀ Previous step</source>
            <translation>◀ Vorheriger Schritt</translation>
        </message>
        <message>
            <source>Next step ▶</source>
            <translation>Nächster Schritt ▶</translation>
        </message>
        <message>
            <source>The planner recorded no construction steps.</source>
            <translation>Der Planer hat keine Aufbauschritte aufgezeichnet.</translation>
        </message>
        <message>
            <source>Step %1 of %2: throughput %3 → %4 sequences/s (reward %5)</source>
            <translation>Schritt %1 von %2: Durchsatz %3 → %4 Sequenzen/s (Belohnung %5)</translation>
        </message>
        <message>
            <source>throughput after the step</source>
            <translation>Durchsatz nach dem Schritt</translation>
        </message>
        <message>
            <source>current step</source>
            <translation>aktueller Schritt</translation>
        </message>
        <message>
            <source>construction step</source>
            <translation>Aufbauschritt</translation>
        </message>
        <message>
            <source>sequences/s</source>
            <translation>Sequenzen/s</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TimelineView</name>
        <message numerus="yes">
            <source>Template %1 (slowest replica): %n micro-batch(es), one iteration %2, bubble %3%</source>
            <translation>
                <numerusform>Vorlage %1 (langsamstes Replikat): %n Micro-Batch, eine Iteration %2, Blase %3 %</numerusform>
                <numerusform>Vorlage %1 (langsamstes Replikat): %n Micro-Batches, eine Iteration %2, Blase %3 %</numerusform>
            </translation>
        </message>
        <message>
            <source>forward</source>
            <translation>Vorwärts</translation>
        </message>
        <message>
            <source>backward</source>
            <translation>Rückwärts</translation>
        </message>
        <message>
            <source>bubble (idle)</source>
            <translation>Blase (Leerlauf)</translation>
        </message>
        <message>
            <source>gradient sync</source>
            <translation>Gradienten-Synchronisation</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>Optimierer</translation>
        </message>
        <message>
            <source>stage %1 · %2</source>
            <translation>Stufe %1 · %2</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TrainingPanel</name>
        <message>
            <source>&amp;Model:</source>
            <translation>&amp;Modell:</translation>
        </message>
        <message>
            <source>&amp;Global batch:</source>
            <translation>&amp;Globaler Batch:</translation>
        </message>
        <message>
            <source>&amp;Sequence length:</source>
            <translation>&amp;Sequenzlänge:</translation>
        </message>
        <message>
            <source>&amp;Precision:</source>
            <translation>&amp;Genauigkeit:</translation>
        </message>
        <message>
            <source>Open model &amp;file…</source>
            <translation>Modell&amp;datei öffnen …</translation>
        </message>
        <message>
            <source> sequences</source>
            <translation> Sequenzen</translation>
        </message>
        <message>
            <source> tokens</source>
            <translation> Token</translation>
        </message>
        <message>
            <source>%1 · %2 billion parameters · %3 layers</source>
            <translation>%1 · %2 Milliarden Parameter · %3 Schichten</translation>
        </message>
        <message>
            <source>Open model file</source>
            <translation>Modelldatei öffnen</translation>
        </message>
        <message>
            <source>Model JSON (*.json)</source>
            <translation>Modell-JSON (*.json)</translation>
        </message>
        <message>
            <source>Cannot open model</source>
            <translation>Modell kann nicht geöffnet werden</translation>
        </message>
        <message>
            <source>&amp;Activation checkpointing</source>
            <translation>&amp;Aktivierungs-Checkpointing</translation>
        </message>
        <message>
            <source>Keep only each layer's input and recompute the rest in the backward pass</source>
            <translation>Nur die Eingabe jeder Schicht behalten und den Rest im Rückwärtsdurchlauf neu berechnen</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhyDroppedModel</name>
        <message>
            <source>GPU type</source>
            <translation>GPU-Typ</translation>
        </message>
        <message>
            <source>Node</source>
            <translation>Knoten</translation>
        </message>
        <message>
            <source>Unused GPUs</source>
            <translation>Ungenutzte GPUs</translation>
        </message>
        <message>
            <source>Reason (cost model)</source>
            <translation>Grund (Kostenmodell)</translation>
        </message>
    </context>
</TS>
