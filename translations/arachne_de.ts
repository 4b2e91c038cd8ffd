<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>arachne::gui</name>
        <message>
            <source>join</source>
            <translation>Beitritt</translation>
        </message>
        <message>
            <source>leave</source>
            <translation>Austritt</translation>
        </message>
        <message>
            <source>failure</source>
            <translation>Ausfall</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::AddScenarioEventCommand</name>
        <message>
            <source>Add %1 at %2 s</source>
            <translation>%1 bei %2 s hinzufügen</translation>
        </message>
    </context>
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
            <source>throughput (sequences/s)</source>
            <translation>Durchsatz (Sequenzen/s)</translation>
        </message>
        <message>
            <source>seq/s</source>
            <translation>Seq./s</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::AlternativesModel</name>
        <message>
            <source>queued</source>
            <translation>wartet</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>läuft…</translation>
        </message>
        <message>
            <source>plan found</source>
            <translation>Plan gefunden</translation>
        </message>
        <message>
            <source>infeasible</source>
            <translation>nicht ausführbar</translation>
        </message>
        <message>
            <source>refused</source>
            <translation>abgelehnt</translation>
        </message>
        <message>
            <source>timed out</source>
            <translation>Zeit abgelaufen</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>abgebrochen</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>fehlgeschlagen</translation>
        </message>
        <message>
            <source>%1 (plan on screen)</source>
            <translation>%1 (angezeigter Plan)</translation>
        </message>
        <message>
            <source>on screen</source>
            <translation>angezeigt</translation>
        </message>
        <message>
            <source>not run</source>
            <translation>nicht gelaufen</translation>
        </message>
        <message>
            <source>Planner</source>
            <translation>Planer</translation>
        </message>
        <message>
            <source>State</source>
            <translation>Zustand</translation>
        </message>
        <message>
            <source>Sequences/s</source>
            <translation>Sequenzen/s</translation>
        </message>
        <message>
            <source>Iteration</source>
            <translation>Iteration</translation>
        </message>
        <message>
            <source>GPUs used</source>
            <translation>Genutzte GPUs</translation>
        </message>
        <message>
            <source>Planning time</source>
            <translation>Planungszeit</translation>
        </message>
        <message>
            <source>Evaluations</source>
            <translation>Bewertungen</translation>
        </message>
        <message>
            <source>Why no plan / note</source>
            <translation>Warum kein Plan / Hinweis</translation>
        </message>
        <message>
            <source>$ per M tokens</source>
            <translation>$ pro Mio. Tokens</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::AlternativesRunner</name>
        <message>
            <source>the planner failed with an unknown error</source>
            <translation>der Planer ist mit einem unbekannten Fehler gescheitert</translation>
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
        <message>
            <source>&amp;Delete</source>
            <translation>&amp;Löschen</translation>
        </message>
        <message>
            <source>Hourl&amp;y price per GPU:</source>
            <translation>Preis &amp;je GPU-Stunde:</translation>
        </message>
        <message>
            <source>catalog</source>
            <translation>Katalog</translation>
        </message>
        <message>
            <source>The node's own price in USD per GPU-hour (what you pay, 0 for hardware you own); "catalog" takes its GPU type's price from the catalog</source>
            <translation>Der eigene Preis des Knotens in USD pro GPU-Stunde (was Sie zahlen, 0 für eigene Hardware); „Katalog“ nimmt den Preis seines GPU-Typs aus dem Katalog</translation>
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
        <message>
            <source>%1 GB/s per node</source>
            <translation>%1 GB/s pro Knoten</translation>
        </message>
        <message numerus="yes">
            <source>%n NIC(s)</source>
            <translation>
                <numerusform>%n Netzwerkkarte</numerusform>
                <numerusform>%n Netzwerkkarten</numerusform>
            </translation>
        </message>
        <message>
            <source>$%1 per GPU-hour</source>
            <translation>$%1 pro GPU-Stunde</translation>
        </message>
        <message>
            <source>Own figures, in place of the catalog's: %1</source>
            <translation>Eigene Werte statt denen des Katalogs: %1</translation>
        </message>
        <message>
            <source>Node %1 at the catalog's price</source>
            <translation>Knoten %1 zum Katalogpreis</translation>
        </message>
        <message>
            <source>Price node %1 at $%2 per GPU-hour</source>
            <translation>Knoten %1 für $%2 pro GPU-Stunde</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::CostItems</name>
        <message>
            <source>compute</source>
            <translation>Rechnen</translation>
        </message>
        <message>
            <source>TP communication</source>
            <translation>TP-Kommunikation</translation>
        </message>
        <message>
            <source>to the next stage</source>
            <translation>zur nächsten Stufe</translation>
        </message>
        <message>
            <source>gradient sync</source>
            <translation>Gradientensynchronisation</translation>
        </message>
        <message>
            <source>optimizer step</source>
            <translation>Optimiererschritt</translation>
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
            <source>expert all-to-all communication</source>
            <translation>Experten-All-to-All-Kommunikation</translation>
        </message>
        <message>
            <source>parameter all-gather</source>
            <translation>Parameter-All-Gather</translation>
        </message>
        <message>
            <source>TP communication hidden under compute</source>
            <translation>TP-Kommunikation, unter der Rechnung verborgen</translation>
        </message>
        <message>
            <source>gradient sync hidden under the backward</source>
            <translation>Gradientensynchronisation, unter dem Rückwärtsschritt verborgen</translation>
        </message>
        <message>
            <source>parameter all-gather hidden under the forward</source>
            <translation>Parameter-All-Gather, unter dem Vorwärtsschritt verborgen</translation>
        </message>
        <message>
            <source>tied embedding all-reduce</source>
            <translation>All-Reduce der gekoppelten Einbettung</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::DeleteScenarioEventCommand</name>
        <message>
            <source>Delete %1 at %2 s</source>
            <translation>%1 bei %2 s löschen</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::Format</name>
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
        <message>
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::GpuPaletteModel</name>
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
        <message>
            <source>%1 · %2 GiB · $%3/GPU-h</source>
            <translation>%1 · %2 GiB · %3 $/GPU-h</translation>
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
        <name>arachne::gui::LayerText</name>
        <message numerus="yes">
            <source>%n transformer block(s), %1 of them MoE</source>
            <translation>
                <numerusform>%n Transformer-Block, davon %1 MoE</numerusform>
                <numerusform>%n Transformer-Blöcke, davon %1 MoE</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n transformer block(s)</source>
            <translation>
                <numerusform>%n Transformer-Block</numerusform>
                <numerusform>%n Transformer-Blöcke</numerusform>
            </translation>
        </message>
        <message>
            <source> + embedding</source>
            <translation> + Einbettung</translation>
        </message>
        <message>
            <source> + head</source>
            <translation> + Kopf</translation>
        </message>
        <message numerus="yes">
            <source> (%n pipeline layer(s))</source>
            <translation>
                <numerusform> (%n Pipeline-Schicht)</numerusform>
                <numerusform> (%n Pipeline-Schichten)</numerusform>
            </translation>
        </message>
        <message>
            <source>embedding</source>
            <translation>Einbettung</translation>
        </message>
        <message>
            <source>block %1</source>
            <translation>Block %1</translation>
        </message>
        <message>
            <source>blocks %1–%2</source>
            <translation>Blöcke %1–%2</translation>
        </message>
        <message>
            <source>head</source>
            <translation>Kopf</translation>
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
            <source>Alternatives</source>
            <translation>Alternativen</translation>
        </message>
        <message>
            <source>Why dropped</source>
            <translation>Ungenutzt</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>Übersicht</translation>
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
            <source>Plan first (F5): the comparison runs on the input of the plan on screen.</source>
            <translation>Zuerst planen (F5): Der Vergleich läuft auf der Eingabe des angezeigten Plans.</translation>
        </message>
        <message>
            <source>Comparison finished.</source>
            <translation>Vergleich abgeschlossen.</translation>
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
        <message numerus="yes">
            <source>Tick the planners to run on the input of the plan on screen. They run in the background, in parallel on %n worker thread(s), each with the budget below.</source>
            <translation>
                <numerusform>Die Planer ankreuzen, die auf der Eingabe des angezeigten Plans laufen sollen. Sie laufen im Hintergrund parallel auf %n Arbeits-Thread, jeder mit dem Budget unten.</numerusform>
                <numerusform>Die Planer ankreuzen, die auf der Eingabe des angezeigten Plans laufen sollen. Sie laufen im Hintergrund parallel auf %n Arbeits-Threads, jeder mit dem Budget unten.</numerusform>
            </translation>
        </message>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>Run the ticked planners (Shift+F5)</source>
            <translation>Angekreuzte Planer starten (Umschalt+F5)</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <source>&amp;Template:</source>
            <translation>V&amp;orlage:</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>Zeitleiste</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>Aufbau</translation>
        </message>
        <message>
            <source>What if</source>
            <translation>Was wäre wenn</translation>
        </message>
        <message>
            <source>1F1B timeline of one iteration</source>
            <translation>1F1B-Zeitleiste einer Iteration</translation>
        </message>
        <message>
            <source>Construction replay: the planner's steps</source>
            <translation>Wiedergabe des Aufbaus: die Schritte des Planers</translation>
        </message>
        <message>
            <source>What-if editor: change the plan by hand</source>
            <translation>Was-wäre-wenn-Editor: den Plan von Hand ändern</translation>
        </message>
        <message>
            <source>input changed</source>
            <translation>Eingabe geändert</translation>
        </message>
        <message>
            <source>Cancelled before any plan was found.</source>
            <translation>Abgebrochen, bevor ein Plan gefunden wurde.</translation>
        </message>
        <message>
            <source>No feasible plan (%1).</source>
            <translation>Kein ausführbarer Plan (%1).</translation>
        </message>
        <message>
            <source>The cost model's violations:</source>
            <translation>Verstöße laut Kostenmodell:</translation>
        </message>
        <message>
            <source>Why no GPU holds a template (see Why dropped):</source>
            <translation>Warum keine GPU eine Vorlage aufnimmt (siehe „Ungenutzt“):</translation>
        </message>
        <message>
            <source>Warning: %1</source>
            <translation>Warnung: %1</translation>
        </message>
        <message>
            <source>the slowest (%1)</source>
            <translation>die langsamste (%1)</translation>
        </message>
        <message>
            <source>template %1</source>
            <translation>Vorlage %1</translation>
        </message>
        <message>
            <source>Some nodes of this row are no longer in the cluster.</source>
            <translation>Einige Knoten dieser Zeile sind nicht mehr im Cluster.</translation>
        </message>
        <message>
            <source>Tick at least one planner.</source>
            <translation>Mindestens einen Planer ankreuzen.</translation>
        </message>
        <message numerus="yes">
            <source>Running %n planner(s) in the background…</source>
            <translation>
                <numerusform>%n Planer läuft im Hintergrund…</numerusform>
                <numerusform>%n Planer laufen im Hintergrund…</numerusform>
            </translation>
        </message>
        <message>
            <source>did not stop within its budget of %1; stopped</source>
            <translation>hielt sein Budget von %1 nicht ein; angehalten</translation>
        </message>
        <message>
            <source>stopped; the best plan so far</source>
            <translation>angehalten; der bisher beste Plan</translation>
        </message>
        <message>
            <source>stopped before it found a plan</source>
            <translation>angehalten, bevor er einen Plan fand</translation>
        </message>
        <message>
            <source>its budget of %1 ended before it found a plan</source>
            <translation>sein Budget von %1 endete, bevor er einen Plan fand</translation>
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
        <message>
            <source>No feasible plan: %1</source>
            <translation>Kein ausführbarer Plan: %1</translation>
        </message>
        <message>
            <source>Cancelled before any plan was found; the last plan is still shown.</source>
            <translation>Abgebrochen, bevor ein Plan gefunden wurde; der letzte Plan wird weiter angezeigt.</translation>
        </message>
        <message>
            <source>the cost model cannot price it</source>
            <translation>das Kostenmodell kann ihn nicht bewerten</translation>
        </message>
        <message>
            <source>This plan is not feasible: %1 · %2 of %3 GPUs · planner %4</source>
            <translation>Dieser Plan ist nicht ausführbar: %1 · %2 von %3 GPUs · Planer %4</translation>
        </message>
        <message>
            <source>Budget pe&amp;r planner:</source>
            <translation>Budget p&amp;ro Planer:</translation>
        </message>
        <message>
            <source>--whatif %1 was not applied: %2</source>
            <translation>--whatif %1 wurde nicht angewendet: %2</translation>
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
            <source>GPU memory capacity</source>
            <translation>GPU-Speicherkapazität</translation>
        </message>
        <message>
            <source>template and stage</source>
            <translation>Vorlage und Stufe</translation>
        </message>
        <message>
            <source>T%1 S%2 %3</source>
            <translation>V%1 S%2 %3</translation>
        </message>
        <message>
            <source>memory per GPU (GiB)</source>
            <translation>Speicher pro GPU (GiB)</translation>
        </message>
        <message>
            <source>+%1 over</source>
            <translation>+%1 zu viel</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>total %1 of %2</source>
            <translation>insgesamt %1 von %2</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::MoveScenarioEventCommand</name>
        <message>
            <source>Move event to %1 s</source>
            <translation>Ereignis nach %1 s verschieben</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanDiffModel</name>
        <message>
            <source>kept</source>
            <translation>behalten</translation>
        </message>
        <message>
            <source>in place</source>
            <translation>an Ort und Stelle</translation>
        </message>
        <message>
            <source>new</source>
            <translation>neu</translation>
        </message>
        <message>
            <source>moved</source>
            <translation>verschoben</translation>
        </message>
        <message>
            <source>inside the node %1, over the network %2, from the checkpoint %3</source>
            <translation>im Knoten %1, über das Netz %2, aus dem Checkpoint %3</translation>
        </message>
        <message>
            <source>checkpoint</source>
            <translation>Checkpoint</translation>
        </message>
        <message>
            <source>Stage</source>
            <translation>Stufe</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>TP</source>
            <translation>TP</translation>
        </message>
        <message>
            <source>Layers</source>
            <translation>Schichten</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>Knoten</translation>
        </message>
        <message>
            <source>State</source>
            <translation>Zustand</translation>
        </message>
        <message>
            <source>Holds</source>
            <translation>Hält</translation>
        </message>
        <message>
            <source>In place</source>
            <translation>Vor Ort</translation>
        </message>
        <message>
            <source>Moved in</source>
            <translation>Hereinkopiert</translation>
        </message>
        <message>
            <source>From nodes</source>
            <translation>Von Knoten</translation>
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
        <message numerus="yes">
            <source>  %1, %n GPU(s) on node(s) %2: %3</source>
            <translation>
                <numerusform>  %1, %n GPU auf Knoten %2: %3</numerusform>
                <numerusform>  %1, %n GPUs auf Knoten %2: %3</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanView</name>
        <message>
            <source>stage time t_s</source>
            <translation>Stufenzeit t_s</translation>
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
        <message>
            <source>T%1 S%2</source>
            <translation>V%1 S%2</translation>
        </message>
        <message>
            <source>T%1 S%2–%3</source>
            <translation>V%1 S%2–%3</translation>
        </message>
        <message>
            <source>layers %1–%2</source>
            <translation>Schichten %1–%2</translation>
        </message>
        <message>
            <source>&lt;b&gt;Template %1, stage %2&lt;/b&gt;: %3, TP %4, layers %5–%6 (%7), micro-batch %8</source>
            <translation>&lt;b&gt;Vorlage %1, Stufe %2&lt;/b&gt;: %3, TP %4, Schichten %5–%6 (%7), Micro-Batch %8</translation>
        </message>
        <message>
            <source>experts: EP %1 × ETP %2 × EDP %3</source>
            <translation>Experten: EP %1 × ETP %2 × EDP %3</translation>
        </message>
        <message>
            <source>%1 per micro-batch</source>
            <translation>%1 pro Micro-Batch</translation>
        </message>
        <message>
            <source>%1 per iteration</source>
            <translation>%1 pro Iteration</translation>
        </message>
        <message>
            <source>memory per GPU</source>
            <translation>Speicher pro GPU</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 von %2</translation>
        </message>
        <message numerus="yes">
            <source>%n micro-batch(es) in flight</source>
            <translation>
                <numerusform>%n Micro-Batch gleichzeitig</numerusform>
                <numerusform>%n Micro-Batches gleichzeitig</numerusform>
            </translation>
        </message>
        <message>
            <source>TP group of %1 (%2 shown)</source>
            <translation>TP-Gruppe aus %1 (%2 gezeigt)</translation>
        </message>
        <message>
            <source>%1 of %2 copies shown</source>
            <translation>%1 von %2 Kopien gezeigt</translation>
        </message>
        <message>
            <source>interleaved 1F1B: the stage runs as %1 model chunks (virtual stages)</source>
            <translation>verschränktes 1F1B: die Stufe läuft als %1 Modellteile (virtuelle Stufen)</translation>
        </message>
        <message>
            <source>interleaved 1F1B: %1 chunks per stage</source>
            <translation>verschränktes 1F1B: %1 Teile pro Stufe</translation>
        </message>
        <message>
            <source>nodes %1</source>
            <translation>Knoten %1</translation>
        </message>
        <message>
            <source>, </source>
            <comment>separates the node numbers of a stage</comment>
            <translation>, </translation>
        </message>
        <message>
            <source>mb %1</source>
            <translation>MB %1</translation>
        </message>
        <message>
            <source>micro-batches not split</source>
            <translation>Micro-Batches nicht aufgeteilt</translation>
        </message>
        <message>
            <source>TP %1</source>
            <translation>TP %1</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlannerPanel</name>
        <message>
            <source>P&amp;lanner:</source>
            <translation>&amp;Planer:</translation>
        </message>
        <message>
            <source>&amp;Budget:</source>
            <translation>Budg&amp;et:</translation>
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
        <message>
            <source>%p% of the search</source>
            <translation>%p % der Suche</translation>
        </message>
        <message>
            <source>%p% of the budget</source>
            <translation>%p % des Budgets</translation>
        </message>
        <message>
            <source>%1 plans evaluated in %2 s, no feasible plan yet</source>
            <translation>%1 Pläne in %2 s bewertet, noch kein ausführbarer Plan</translation>
        </message>
        <message>
            <source>Loading the learned policy (LibTorch) for %1…</source>
            <translation>Die gelernte Policy (LibTorch) für %1 wird geladen…</translation>
        </message>
        <message>
            <source>Learned planner: its policy (LibTorch) loads when it first plans, which takes a few seconds.</source>
            <translation>Gelernter Planer: seine Policy (LibTorch) wird beim ersten Planen geladen, das dauert einige Sekunden.</translation>
        </message>
        <message>
            <source>Learned planner: its policy is loading.</source>
            <translation>Gelernter Planer: seine Policy wird geladen.</translation>
        </message>
        <message>
            <source>Learned planner, but its policy cannot be used (%1): it will plan with greedy.</source>
            <translation>Gelernter Planer, aber seine Policy ist nicht nutzbar (%1): er plant mit greedy.</translation>
        </message>
        <message>
            <source>Warning: %1</source>
            <translation>Warnung: %1</translation>
        </message>
        <message>
            <source>Learned planner: its policy library (LibTorch) is loaded.</source>
            <translation>Gelernter Planer: seine Policy-Bibliothek (LibTorch) ist geladen.</translation>
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
        <message>
            <source>Previous construction step (Alt+Left)</source>
            <translation>Vorheriger Aufbauschritt (Alt+Links)</translation>
        </message>
        <message>
            <source>Next construction step (Alt+Right)</source>
            <translation>Nächster Aufbauschritt (Alt+Rechts)</translation>
        </message>
        <message>
            <source>the planner stopped</source>
            <translation>der Planer hat aufgehört</translation>
        </message>
        <message>
            <source>template placed</source>
            <translation>Vorlage platziert</translation>
        </message>
        <message>
            <source>%1 TP %2</source>
            <translation>%1 TP %2</translation>
        </message>
        <message>
            <source>depth %1: %2</source>
            <translation>Tiefe %1: %2</translation>
        </message>
        <message numerus="yes">
            <source>%1 × %n replica(s), %2 sequences/s (%3% against the template taken)</source>
            <translation>
                <numerusform>%1 × %n Replikat, %2 Sequenzen/s (%3 % gegenüber der gewählten Vorlage)</numerusform>
                <numerusform>%1 × %n Replikate, %2 Sequenzen/s (%3 % gegenüber der gewählten Vorlage)</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: cannot be placed: %2</source>
            <translation>%1: nicht platzierbar: %2</translation>
        </message>
        <message>
            <source>Also weighed at this step:</source>
            <translation>In diesem Schritt außerdem erwogen:</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioEventDialog</name>
        <message>
            <source>Add a join</source>
            <translation>Beitritt hinzufügen</translation>
        </message>
        <message>
            <source>Add a leave</source>
            <translation>Austritt hinzufügen</translation>
        </message>
        <message>
            <source>Add a failure</source>
            <translation>Ausfall hinzufügen</translation>
        </message>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>At</source>
            <translation>Zeitpunkt</translation>
        </message>
        <message>
            <source>GPU type</source>
            <translation>GPU-Typ</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>GPUs pro Knoten</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>Knoten</translation>
        </message>
        <message>
            <source>optional, for one node</source>
            <translation>optional, für einen Knoten</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Bezeichnung</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioPanel</name>
        <message>
            <source>Open…</source>
            <translation>Öffnen…</translation>
        </message>
        <message>
            <source>Open scenario…</source>
            <translation>Szenario öffnen…</translation>
        </message>
        <message>
            <source>Scenario</source>
            <translation>Szenario</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>Speichern</translation>
        </message>
        <message>
            <source>Save as…</source>
            <translation>Speichern unter…</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Rückgängig</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Wiederholen</translation>
        </message>
        <message>
            <source>Join…</source>
            <translation>Beitritt…</translation>
        </message>
        <message>
            <source>Leave…</source>
            <translation>Austritt…</translation>
        </message>
        <message>
            <source>Failure…</source>
            <translation>Ausfall…</translation>
        </message>
        <message>
            <source>Move…</source>
            <translation>Verschieben…</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <source>Start from the composer's cluster</source>
            <translation>Vom Cluster des Editors ausgehen</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Abspielen</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <source>Presets</source>
            <translation>Vorlagen</translation>
        </message>
        <message>
            <source>Add event</source>
            <translation>Ereignis hinzufügen</translation>
        </message>
        <message>
            <source>Planners</source>
            <translation>Planer</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Modell</translation>
        </message>
        <message>
            <source>Horizon</source>
            <translation>Zeithorizont</translation>
        </message>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>Policy</source>
            <translation>Strategie</translation>
        </message>
        <message>
            <source>replan at every event (the paper's protocol)</source>
            <translation>bei jedem Ereignis neu planen (Protokoll des Papers)</translation>
        </message>
        <message>
            <source>keep the plan unless the gain repays the stall</source>
            <translation>Plan behalten, außer der Gewinn wiegt die Pause auf</translation>
        </message>
        <message>
            <source>Budget per replan</source>
            <translation>Budget pro Neuplanung</translation>
        </message>
        <message>
            <source>Drag an event to move it, right-click to add or delete, arrow keys nudge the selected one.</source>
            <translation>Ereignis ziehen zum Verschieben, Rechtsklick zum Hinzufügen oder Löschen, Pfeiltasten verschieben das gewählte.</translation>
        </message>
        <message numerus="yes">
            <source>%1: starts on %2 (%n GPU(s)), %3 event(s), horizon %4 s</source>
            <translation>
                <numerusform>%1: beginnt auf %2 (%n GPU), %3 Ereignis(se), Zeithorizont %4 s</numerusform>
                <numerusform>%1: beginnt auf %2 (%n GPUs), %3 Ereignis(se), Zeithorizont %4 s</numerusform>
            </translation>
        </message>
        <message>
            <source>The scenario changed: play it again to see the new run.</source>
            <translation>Das Szenario wurde geändert: erneut abspielen, um den neuen Lauf zu sehen.</translation>
        </message>
        <message>
            <source>Opened %1.</source>
            <translation>%1 geöffnet.</translation>
        </message>
        <message>
            <source>Saved %1.</source>
            <translation>%1 gespeichert.</translation>
        </message>
        <message>
            <source>Open scenario</source>
            <translation>Szenario öffnen</translation>
        </message>
        <message>
            <source>Scenarios (*.scenario.json);;JSON (*.json);;All files (*)</source>
            <translation>Szenarien (*.scenario.json);;JSON (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Save scenario</source>
            <translation>Szenario speichern</translation>
        </message>
        <message>
            <source>Scenarios (*.scenario.json)</source>
            <translation>Szenarien (*.scenario.json)</translation>
        </message>
        <message>
            <source>Nothing was added: choose at least one node.</source>
            <translation>Nichts hinzugefügt: mindestens einen Knoten wählen.</translation>
        </message>
        <message>
            <source>Move event</source>
            <translation>Ereignis verschieben</translation>
        </message>
        <message>
            <source>New time (seconds after the start)</source>
            <translation>Neuer Zeitpunkt (Sekunden nach dem Start)</translation>
        </message>
        <message>
            <source>Plan %1</source>
            <translation>Plan %1</translation>
        </message>
        <message>
            <source>Horizon %1 s</source>
            <translation>Zeithorizont %1 s</translation>
        </message>
        <message>
            <source>Fix the scenario's problems before playing it.</source>
            <translation>Vor dem Abspielen die Fehler des Szenarios beheben.</translation>
        </message>
        <message>
            <source>Choose at least one planner.</source>
            <translation>Mindestens einen Planer wählen.</translation>
        </message>
        <message>
            <source>Playing %1 with %2…</source>
            <translation>Spiele %1 mit %2…</translation>
        </message>
        <message>
            <source>Stopping after the current step…</source>
            <translation>Halte nach dem aktuellen Schritt an…</translation>
        </message>
        <message>
            <source>%1: step %2 of %3</source>
            <translation>%1: Schritt %2 von %3</translation>
        </message>
        <message>
            <source>%1 %2 seq/s</source>
            <translation>%1 %2 Seq./s</translation>
        </message>
        <message>
            <source>Stopped. </source>
            <translation>Angehalten. </translation>
        </message>
        <message>
            <source>Done. </source>
            <translation>Fertig. </translation>
        </message>
        <message>
            <source>Time-weighted throughput: %1</source>
            <translation>Zeitgewichteter Durchsatz: %1</translation>
        </message>
        <message>
            <source>The run failed: %1</source>
            <translation>Der Lauf ist fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>Select a step to see what changed in the plan.</source>
            <translation>Einen Schritt wählen, um die Änderungen am Plan zu sehen.</translation>
        </message>
        <message>
            <source>%1, step %2 (%3): %4</source>
            <translation>%1, Schritt %2 (%3): %4</translation>
        </message>
        <message>
            <source>Stall %1: planner %2, release %3, process groups %4, state transfer %5 (%6 moved; %7), engine build %8, unattributed %9.</source>
            <translation>Pause %1: Planer %2, Freigabe %3, Prozessgruppen %4, Zustandsübertragung %5 (%6 verschoben; %7), Engine-Aufbau %8, nicht zugeordnet %9.</translation>
        </message>
        <message>
            <source>%1 sequences rolled back to the checkpoint at %2.</source>
            <translation>%1 Sequenzen auf den Checkpoint bei %2 zurückgesetzt.</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioRunner</name>
        <message>
            <source>the scenario run failed with an unknown error</source>
            <translation>der Szenariolauf ist mit einem unbekannten Fehler fehlgeschlagen</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioStepsModel</name>
        <message>
            <source>start</source>
            <translation>Start</translation>
        </message>
        <message>
            <source>replanned</source>
            <translation>neu geplant</translation>
        </message>
        <message>
            <source>kept</source>
            <translation>behalten</translation>
        </message>
        <message>
            <source>switched</source>
            <translation>gewechselt</translation>
        </message>
        <message>
            <source>forced</source>
            <translation>erzwungen</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>angehalten</translation>
        </message>
        <message>
            <source>Planner</source>
            <translation>Planer</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>Schritt</translation>
        </message>
        <message>
            <source>At</source>
            <translation>Zeitpunkt</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>Ereignis</translation>
        </message>
        <message>
            <source>GPUs used</source>
            <translation>Genutzte GPUs</translation>
        </message>
        <message>
            <source>Before (seq/s)</source>
            <translation>Vorher (Seq./s)</translation>
        </message>
        <message>
            <source>After (seq/s)</source>
            <translation>Nachher (Seq./s)</translation>
        </message>
        <message>
            <source>Decision</source>
            <translation>Entscheidung</translation>
        </message>
        <message>
            <source>Stall</source>
            <translation>Pause</translation>
        </message>
        <message>
            <source>State moved</source>
            <translation>Verschobener Zustand</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioThroughputChart</name>
        <message>
            <source>days</source>
            <translation>Tage</translation>
        </message>
        <message>
            <source>hours</source>
            <translation>Stunden</translation>
        </message>
        <message>
            <source>minutes</source>
            <translation>Minuten</translation>
        </message>
        <message>
            <source>seconds</source>
            <translation>Sekunden</translation>
        </message>
        <message>
            <source>time since the start (%1)</source>
            <translation>Zeit seit dem Start (%1)</translation>
        </message>
        <message>
            <source>throughput (sequences/s)</source>
            <translation>Durchsatz (Sequenzen/s)</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioTimelineView</name>
        <message>
            <source>Move event to…</source>
            <translation>Ereignis verschieben nach…</translation>
        </message>
        <message>
            <source>Delete event</source>
            <translation>Ereignis löschen</translation>
        </message>
        <message>
            <source>Add a join at %1…</source>
            <translation>Beitritt bei %1 hinzufügen…</translation>
        </message>
        <message>
            <source>Add a leave at %1…</source>
            <translation>Austritt bei %1 hinzufügen…</translation>
        </message>
        <message>
            <source>Add a failure at %1…</source>
            <translation>Ausfall bei %1 hinzufügen…</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TimelineView</name>
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
            <source>stage %1 · %2</source>
            <translation>Stufe %1 · %2</translation>
        </message>
        <message>
            <source>Template %1 (the slowest)</source>
            <translation>Vorlage %1 (die langsamste)</translation>
        </message>
        <message>
            <source>Template %1</source>
            <translation>Vorlage %1</translation>
        </message>
        <message numerus="yes">
            <source>%n micro-batch(es), one iteration %1, bubble %2 (%3% of the iteration)</source>
            <translation>
                <numerusform>%n Micro-Batch, eine Iteration %1, Blase %2 (%3 % der Iteration)</numerusform>
                <numerusform>%n Micro-Batches, eine Iteration %1, Blase %2 (%3 % der Iteration)</numerusform>
            </translation>
        </message>
        <message>
            <source>interleaved 1F1B, %1 model chunks per stage</source>
            <translation>verschränktes 1F1B, %1 Modellteile pro Stufe</translation>
        </message>
        <message>
            <source>with fewer micro-batches than stages this schedule takes %1, the cost model counts %2</source>
            <translation>mit weniger Micro-Batches als Stufen dauert dieser Ablauf %1, das Kostenmodell rechnet %2</translation>
        </message>
        <message>
            <source>forward, chunk %1</source>
            <translation>Vorwärts, Teil %1</translation>
        </message>
        <message>
            <source>Not drawn: %1 forward and backward passes are more than the timeline simulates (%2 at most). The numbers above are the cost model's.</source>
            <translation>Nicht gezeichnet: %1 Vorwärts- und Rückwärtsdurchläufe sind mehr, als die Zeitleiste simuliert (höchstens %2). Die Zahlen oben sind die des Kostenmodells.</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TrainingPanel</name>
        <message>
            <source>&amp;Model:</source>
            <translation>&amp;Modell:</translation>
        </message>
        <message>
            <source>&amp;Sequence length:</source>
            <translation>&amp;Sequenzlänge:</translation>
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
            <source>Keep only each layer's input and recompute the rest in the backward pass</source>
            <translation>Nur die Eingabe jeder Schicht behalten und den Rest im Rückwärtsdurchlauf neu berechnen</translation>
        </message>
        <message>
            <source>%1 · %2 billion parameters · %3</source>
            <translation>%1 · %2 Milliarden Parameter · %3</translation>
        </message>
        <message>
            <source>Global batc&amp;h:</source>
            <translation>Globaler Ba&amp;tch:</translation>
        </message>
        <message>
            <source>Prec&amp;ision:</source>
            <translation>Genau&amp;igkeit:</translation>
        </message>
        <message>
            <source>&amp;Open model file…</source>
            <translation>Modelldatei ö&amp;ffnen …</translation>
        </message>
        <message>
            <source>Activation &amp;checkpointing</source>
            <translation>Aktivierungs-&amp;Checkpointing</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhatIfEditor</name>
        <message>
            <source>Click a stage, then change it or its template. Every change is priced by the cost model at once and is one step on the undo stack.</source>
            <translation>Eine Stufe anklicken, dann sie oder ihre Vorlage ändern. Jede Änderung bewertet das Kostenmodell sofort, und jede ist ein Schritt zum Rückgängigmachen.</translation>
        </message>
        <message>
            <source>&amp;Replicas:</source>
            <translation>&amp;Replikate:</translation>
        </message>
        <message>
            <source>&amp;Micro-batch:</source>
            <translation>&amp;Micro-Batch:</translation>
        </message>
        <message>
            <source>&amp;Depth:</source>
            <translation>&amp;Tiefe:</translation>
        </message>
        <message>
            <source>&amp;TP degree:</source>
            <translation>TP-&amp;Grad:</translation>
        </message>
        <message>
            <source>&amp;Layers:</source>
            <translation>&amp;Schichten:</translation>
        </message>
        <message>
            <source>Layers of this stage; the next stage gives or takes the difference</source>
            <translation>Schichten dieser Stufe; die nächste Stufe gibt oder nimmt die Differenz</translation>
        </message>
        <message>
            <source>&amp;Back to the planner's plan</source>
            <translation>&amp;Zurück zum Plan des Planers</translation>
        </message>
        <message>
            <source>Undo edit</source>
            <translation>Änderung rückgängig</translation>
        </message>
        <message>
            <source>Redo edit</source>
            <translation>Änderung wiederholen</translation>
        </message>
        <message>
            <source>Plan first (F5): the editor starts from the plan on screen.</source>
            <translation>Zuerst planen (F5): Der Editor beginnt mit dem angezeigten Plan.</translation>
        </message>
        <message>
            <source>%1 sequences/s · iteration %2 · %3 GPUs</source>
            <translation>%1 Sequenzen/s · Iteration %2 · %3 GPUs</translation>
        </message>
        <message>
            <source>%1% against the planner's plan (%2 sequences/s)</source>
            <translation>%1 % gegenüber dem Plan des Planers (%2 Sequenzen/s)</translation>
        </message>
        <message>
            <source>the planner's plan</source>
            <translation>der Plan des Planers</translation>
        </message>
        <message numerus="yes">
            <source>This plan cannot run (%n violation(s)); the planner's plan makes %1 sequences/s.</source>
            <translation>
                <numerusform>Dieser Plan kann nicht laufen (%n Verstoß); der Plan des Planers schafft %1 Sequenzen/s.</numerusform>
                <numerusform>Dieser Plan kann nicht laufen (%n Verstöße); der Plan des Planers schafft %1 Sequenzen/s.</numerusform>
            </translation>
        </message>
        <message>
            <source>Template %1</source>
            <translation>Vorlage %1</translation>
        </message>
        <message>
            <source>Stage %1 · %2</source>
            <translation>Stufe %1 · %2</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>Zeitleiste</translation>
        </message>
        <message numerus="yes">
            <source>… and %n more (hover here to see all)</source>
            <translation>
                <numerusform>… und %n weiterer (Maus hierher für alle)</numerusform>
                <numerusform>… und %n weitere (Maus hierher für alle)</numerusform>
            </translation>
        </message>
        <message>
            <source>No memory figures for this plan: the cost model cannot price a stage's memory.</source>
            <translation>Keine Speicherzahlen für diesen Plan: das Kostenmodell kann den Speicher einer Stufe nicht bewerten.</translation>
        </message>
        <message>
            <source>No timeline for this plan: the cost model stopped before timing it.</source>
            <translation>Keine Zeitleiste für diesen Plan: das Kostenmodell hat vor der Zeitberechnung abgebrochen.</translation>
        </message>
        <message>
            <source>Micro-batches not split: the cost model splits the global batch by the templates' speeds, and the violations above stopped it before that.</source>
            <translation>Micro-Batches nicht aufgeteilt: Das Kostenmodell teilt den globalen Batch nach der Geschwindigkeit der Vorlagen auf, und die Verstöße oben haben es vorher angehalten.</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhatIfSession</name>
        <message>
            <source>Template %1, stage %2: TP %3</source>
            <translation>Vorlage %1, Stufe %2: TP %3</translation>
        </message>
        <message>
            <source>Template %1: depth %2</source>
            <translation>Vorlage %1: Tiefe %2</translation>
        </message>
        <message>
            <source>Template %1, stage %2: %3 layers</source>
            <translation>Vorlage %1, Stufe %2: %3 Schichten</translation>
        </message>
        <message>
            <source>Template %1: micro-batch %2</source>
            <translation>Vorlage %1: Micro-Batch %2</translation>
        </message>
        <message>
            <source>Template %1: %2 replicas</source>
            <translation>Vorlage %1: %2 Replikate</translation>
        </message>
        <message>
            <source>Back to the planner's plan</source>
            <translation>Zurück zum Plan des Planers</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhyDroppedModel</name>
        <message>
            <source>GPU type</source>
            <translation>GPU-Typ</translation>
        </message>
        <message>
            <source>Unused GPUs</source>
            <translation>Ungenutzte GPUs</translation>
        </message>
        <message numerus="yes">
            <source>%n node(s)</source>
            <translation>
                <numerusform>%n Knoten</numerusform>
                <numerusform>%n Knoten</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2 …</source>
            <translation>%1: %2 …</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>Knoten</translation>
        </message>
        <message>
            <source>Why unused: their best use, priced by the cost model</source>
            <translation>Warum ungenutzt: ihre beste Nutzung, vom Kostenmodell bewertet</translation>
        </message>
        <message>
            <source>Why unused</source>
            <translation>Warum ungenutzt</translation>
        </message>
    </context>
    <context>
        <name>arachne::text</name>
        <message>
            <source>%1</source>
            <translation>%1</translation>
        </message>
        <message>
            <source>params</source>
            <translation>Parameter</translation>
        </message>
        <message>
            <source>grads</source>
            <translation>Gradienten</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>Optimierer-Zustand</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>Aktivierungen</translation>
        </message>
        <message>
            <source>other</source>
            <translation>Sonstiges</translation>
        </message>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>intra-node</source>
            <translation>im Knoten</translation>
        </message>
        <message>
            <source>inter-node</source>
            <translation>zwischen Knoten</translation>
        </message>
        <message>
            <source>stage %1 of template %2 (%3, TP %4, layers %5-%6)</source>
            <translation>Stufe %1 von Vorlage %2 (%3, TP %4, Schichten %5-%6)</translation>
        </message>
        <message>
            <source>the plan has no templates</source>
            <translation>der Plan hat keine Vorlagen</translation>
        </message>
        <message>
            <source>template %1 has %2 replicas (needs at least 1)</source>
            <translation>Vorlage %1 hat %2 Replikate (braucht mindestens 1)</translation>
        </message>
        <message>
            <source>template %1 has micro-batch size %2 (needs at least 1)</source>
            <translation>Vorlage %1 hat Micro-Batch-Größe %2 (braucht mindestens 1)</translation>
        </message>
        <message>
            <source>template %1 has %2 micro-batches per replica (needs at least 1)</source>
            <translation>Vorlage %1 hat %2 Micro-Batches pro Replikat (braucht mindestens 1)</translation>
        </message>
        <message>
            <source>template %1 has no stages</source>
            <translation>Vorlage %1 hat keine Stufen</translation>
        </message>
        <message>
            <source>stage %1 of template %2 holds layers %3-%4 and %5</source>
            <translation>Stufe %1 von Vorlage %2 hält die Schichten %3-%4 und %5</translation>
        </message>
        <message>
            <source>starts at layer %1, expected %2</source>
            <translation>beginnt bei Schicht %1, erwartet %2</translation>
        </message>
        <message>
            <source>ends before it starts</source>
            <translation>endet, bevor sie beginnt</translation>
        </message>
        <message>
            <source>ends past the model's last layer %1</source>
            <translation>endet hinter der letzten Schicht %1 des Modells</translation>
        </message>
        <message>
            <source>stage %1 of template %2 wants GPU type '%3', which the composition does not have (it has: %4)</source>
            <translation>Stufe %1 von Vorlage %2 verlangt den GPU-Typ „%3“, den der Cluster nicht hat (er hat: %4)</translation>
        </message>
        <message>
            <source>%1 has TP %2 (needs at least 1)</source>
            <translation>%1 hat TP %2 (braucht mindestens 1)</translation>
        </message>
        <message>
            <source>%1 lists %2 node ids for %3 replicas</source>
            <translation>%1 nennt %2 Knoten für %3 Replikate</translation>
        </message>
        <message>
            <source>%1 is placed on node %2, which is not in the composition</source>
            <translation>%1 liegt auf Knoten %2, der nicht im Cluster ist</translation>
        </message>
        <message>
            <source>%1 is placed on node %2, which holds %3 GPUs</source>
            <translation>%1 liegt auf Knoten %2, der %3-GPUs enthält</translation>
        </message>
        <message>
            <source>%1: a TP group of %2 GPUs does not fit node %3 of %4 GPUs (a TP group never crosses a node)</source>
            <translation>%1: Eine TP-Gruppe aus %2 GPUs passt nicht auf Knoten %3 mit %4 GPUs (eine TP-Gruppe überschreitet nie einen Knoten)</translation>
        </message>
        <message>
            <source>%1 is outside the search space: %2</source>
            <translation>%1 liegt außerhalb des Suchraums: %2</translation>
        </message>
        <message>
            <source>%1: expert tiling %2</source>
            <translation>%1: Expertenaufteilung %2</translation>
        </message>
        <message>
            <source>template %1 covers layers 0-%2 of 0-%3: layers %4-%3 are not placed</source>
            <translation>Vorlage %1 deckt die Schichten 0-%2 von 0-%3 ab: Die Schichten %4-%3 sind nicht platziert</translation>
        </message>
        <message>
            <source>node %1 (%2, %3 GPUs) has %4 GPUs placed on it (%5 too many; templates %6)</source>
            <translation>Auf Knoten %1 (%2, %3 GPUs) liegen %4 GPUs (%5 zu viele; Vorlagen %6)</translation>
        </message>
        <message>
            <source>the global batch of %1 sequences cannot give every replica one micro-batch: that takes %2 sequences (sum of replicas x micro-batch size)</source>
            <translation>der globale Batch von %1 Sequenzen kann nicht jedem Replikat einen Micro-Batch geben: Dafür braucht es %2 Sequenzen (Summe aus Replikaten × Micro-Batch-Größe)</translation>
        </message>
        <message>
            <source>the plan's micro-batches cover %1 sequences per iteration, fewer than the global batch of %2</source>
            <translation>die Micro-Batches des Plans decken %1 Sequenzen pro Iteration ab, weniger als der globale Batch von %2</translation>
        </message>
        <message>
            <source>the plan's micro-batches hold %1 sequences per iteration, twice the global batch of %2 or more: more than rounding to whole micro-batches explains</source>
            <translation>die Micro-Batches des Plans fassen %1 Sequenzen pro Iteration, das Doppelte des globalen Batches von %2 oder mehr: mehr, als das Aufrunden auf ganze Micro-Batches erklärt</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB</source>
            <translation>%1: braucht %2 GiB von %3 GiB (%4 GiB zu viel); größter Anteil: %5 %6 GiB</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB (1 micro-batch in flight)</source>
            <translation>%1: braucht %2 GiB von %3 GiB (%4 GiB zu viel); größter Anteil: %5 %6 GiB (1 Micro-Batch gleichzeitig)</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB (%7 micro-batches in flight)</source>
            <translation>%1: braucht %2 GiB von %3 GiB (%4 GiB zu viel); größter Anteil: %5 %6 GiB (%7 Micro-Batches gleichzeitig)</translation>
        </message>
        <message>
            <source>no profile entry for (%1, TP %2, mbs %3, %4): %5</source>
            <translation>kein Profileintrag für (%1, TP %2, MBS %3, %4): %5</translation>
        </message>
        <message>
            <source>%1 is not in profile set '%2' (profiled: %3)</source>
            <translation>%1 ist nicht im Profilsatz „%2“ (profiliert: %3)</translation>
        </message>
        <message>
            <source>TP %1 was not profiled for %2 (profiled: %3)</source>
            <translation>TP %1 wurde für %2 nicht profiliert (profiliert: %3)</translation>
        </message>
        <message>
            <source>micro-batch %1 was not profiled for (%2, TP %3) (profiled: %4)</source>
            <translation>Micro-Batch %1 wurde für (%2, TP %3) nicht profiliert (profiliert: %4)</translation>
        </message>
        <message>
            <source>layer type '%1' was not profiled for (%2, TP %3, mbs %4) (a measured profile may lack it because it ran out of memory)</source>
            <translation>Schichttyp „%1“ wurde für (%2, TP %3, MBS %4) nicht profiliert (einem gemessenen Profil fehlt er, wenn der Speicher nicht reichte)</translation>
        </message>
        <message>
            <source>no profile for (%1, TP %2, mbs %3)</source>
            <translation>kein Profil für (%1, TP %2, MBS %3)</translation>
        </message>
        <message>
            <source>%1 has no %2 rate</source>
            <translation>%1 hat keine %2-Rechenleistung</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: every factor must be at least 1</source>
            <translation>EP %1 × ETP %2 × EDP %3: Jeder Faktor muss mindestens 1 sein</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3 = %4 GPUs, but the stage has %5 (TP %6 x %7 replicas)</source>
            <translation>EP %1 × ETP %2 × EDP %3 = %4 GPUs, aber die Stufe hat %5 (TP %6 × %7 Replikate)</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: ETP %2 does not divide TP %4 (ETP is node bound like TP)</source>
            <translation>EP %1 × ETP %2 × EDP %3: ETP %2 teilt TP %4 nicht (ETP bleibt wie TP im Knoten)</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: %4 experts are not divisible by EP %1</source>
            <translation>EP %1 × ETP %2 × EDP %3: %4 Experten sind nicht durch EP %1 teilbar</translation>
        </message>
        <message>
            <source>the template is not complete</source>
            <translation>die Vorlage ist nicht vollständig</translation>
        </message>
        <message>
            <source>depth %1 exceeds the model's %2 layers</source>
            <translation>Tiefe %1 übersteigt die %2 Schichten des Modells</translation>
        </message>
        <message>
            <source>the free nodes cannot hold one replica of the template</source>
            <translation>die freien Knoten können kein Replikat der Vorlage aufnehmen</translation>
        </message>
        <message>
            <source>the global batch of %1 sequences is already spread one micro-batch per replica over the plan</source>
            <translation>der globale Batch von %1 Sequenzen ist schon mit einem Micro-Batch pro Replikat über den Plan verteilt</translation>
        </message>
        <message>
            <source>no micro-batch size is profiled for every stage of the template</source>
            <translation>keine Micro-Batch-Größe ist für alle Stufen der Vorlage profiliert</translation>
        </message>
        <message>
            <source>micro-batch %1 exceeds the %2 sequences of the global batch left</source>
            <translation>Micro-Batch %1 übersteigt die %2 verbleibenden Sequenzen des globalen Batches</translation>
        </message>
        <message>
            <source>%1 TP %2</source>
            <translation>%1 TP %2</translation>
        </message>
        <message>
            <source>at micro-batch %1 stage %2 (%3) needs %4 GiB of %5 GiB under every split tried (largest component: %6)</source>
            <translation>bei Micro-Batch %1 braucht Stufe %2 (%3) bei jeder versuchten Aufteilung %4 GiB von %5 GiB (größter Anteil: %6)</translation>
        </message>
        <message>
            <source>at micro-batch %1 a stage has no profile for its layers</source>
            <translation>bei Micro-Batch %1 hat eine Stufe kein Profil für ihre Schichten</translation>
        </message>
        <message>
            <source>at micro-batch %1: %2</source>
            <translation>bei Micro-Batch %1: %2</translation>
        </message>
        <message>
            <source>no micro-batch size fits</source>
            <translation>keine Micro-Batch-Größe passt</translation>
        </message>
        <message>
            <source>%1 layer counts for %2 stages</source>
            <translation>%1 Schichtzahlen für %2 Stufen</translation>
        </message>
        <message>
            <source>a stage holds %1 layers</source>
            <translation>eine Stufe hält %1 Schichten</translation>
        </message>
        <message>
            <source>the stages hold %1 layers, the model has %2</source>
            <translation>die Stufen halten %1 Schichten, das Modell hat %2</translation>
        </message>
        <message>
            <source>%1 replicas requested, the free nodes hold %2</source>
            <translation>%1 Replikate verlangt, die freien Knoten fassen %2</translation>
        </message>
        <message>
            <source>%1 replicas of micro-batch %2 exceed the %3 sequences of the global batch left</source>
            <translation>%1 Replikate mit Micro-Batch %2 übersteigen die %3 verbleibenden Sequenzen des globalen Batches</translation>
        </message>
        <message>
            <source>micro-batch %1 is not profiled for %2 TP %3</source>
            <translation>Micro-Batch %1 ist für %2 TP %3 nicht profiliert</translation>
        </message>
        <message>
            <source>the free nodes cannot hold %1 replicas of the template</source>
            <translation>die freien Knoten können %1 Replikate der Vorlage nicht aufnehmen</translation>
        </message>
        <message>
            <source>the cost model rejects the template</source>
            <translation>das Kostenmodell lehnt die Vorlage ab</translation>
        </message>
        <message>
            <source>infeasible: %1</source>
            <translation>nicht ausführbar: %1</translation>
        </message>
        <message>
            <source>%1 plans, best %2 seq/s</source>
            <translation>%1 Pläne, bester %2 Seq./s</translation>
        </message>
        <message>
            <source>step %1: %2/%3 templates tried</source>
            <translation>Schritt %1: %2/%3 Vorlagen versucht</translation>
        </message>
        <message>
            <source>%1 greedy steps</source>
            <translation>%1 Greedy-Schritte</translation>
        </message>
        <message>
            <source>%1 greedy steps (stopped early)</source>
            <translation>%1 Greedy-Schritte (vorzeitig beendet)</translation>
        </message>
        <message>
            <source>%1 random episodes</source>
            <translation>%1 Zufallsepisoden</translation>
        </message>
        <message>
            <source>%1 random episodes (stopped: the last %2 drew only plans already priced)</source>
            <translation>%1 Zufallsepisoden (beendet: die letzten %2 zogen nur schon bewertete Pläne)</translation>
        </message>
        <message>
            <source>estimating the search space (%1)</source>
            <translation>schätze den Suchraum (%1)</translation>
        </message>
        <message>
            <source>cancelled while estimating the search space</source>
            <translation>beim Schätzen des Suchraums abgebrochen</translation>
        </message>
        <message>
            <source>refused: the space holds up to %1 plans even with %2 (%3 first templates with every stage order); at %4 us per plan that is more than %5, beyond the budget of %6</source>
            <translation>abgelehnt: Der Raum fasst selbst mit %2 bis zu %1 Pläne (%3 erste Vorlagen mit jeder Stufenreihenfolge); bei %4 µs pro Plan sind das mehr als %5, über dem Budget von %6</translation>
        </message>
        <message>
            <source>searched %1: %2 plans priced (estimate %3)</source>
            <translation>durchsucht %1: %2 Pläne bewertet (Schätzung %3)</translation>
        </message>
        <message>
            <source>cancelled while searching %1: %2 plans priced (estimate %3)</source>
            <translation>bei der Suche abgebrochen (%1): %2 Pläne bewertet (Schätzung %3)</translation>
        </message>
        <message>
            <source>budget ended while searching %1: %2 plans priced (estimate %3)</source>
            <translation>Budget während der Suche erschöpft (%1): %2 Pläne bewertet (Schätzung %3)</translation>
        </message>
        <message>
            <source>%1 evaluations</source>
            <translation>%1 Bewertungen</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 min</translation>
        </message>
        <message>
            <source>%1 h</source>
            <translation>%1 h</translation>
        </message>
        <message>
            <source>%1 years</source>
            <translation>%1 Jahre</translation>
        </message>
        <message>
            <source>every stage order</source>
            <translation>jede Stufenreihenfolge</translation>
        </message>
        <message>
            <source>contiguous GPU-type blocks, every TP order</source>
            <translation>zusammenhängende GPU-Typ-Blöcke, jede TP-Reihenfolge</translation>
        </message>
        <message>
            <source>contiguous GPU-type blocks, TP non-increasing</source>
            <translation>zusammenhängende GPU-Typ-Blöcke, TP nicht steigend</translation>
        </message>
        <message>
            <source>warning: the %1 policy cannot be used (%2); planned with greedy</source>
            <translation>Warnung: Die Policy %1 ist nicht nutzbar (%2); mit Greedy geplant</translation>
        </message>
        <message>
            <source>no TP degree is profiled for %1, so it is outside the search space</source>
            <translation>für %1 ist kein TP-Grad profiliert, daher liegt er außerhalb des Suchraums</translation>
        </message>
        <message>
            <source>the global batch of %1 sequences already gives every replica of the plan just one micro-batch</source>
            <translation>der globale Batch von %1 Sequenzen gibt jedem Replikat des Plans schon nur einen Micro-Batch</translation>
        </message>
        <message>
            <source>%1 of its %2 GPUs are free; %3</source>
            <translation>%1 seiner %2 GPUs sind frei; %3</translation>
        </message>
        <message>
            <source>another replica of template %1 (%2 GPUs)</source>
            <translation>ein weiteres Replikat von Vorlage %1 (%2 GPUs)</translation>
        </message>
        <message>
            <source>a template of their own (depth %1, TP %2, %3 replicas)</source>
            <translation>eine eigene Vorlage (Tiefe %1, TP %2, %3 Replikate)</translation>
        </message>
        <message>
            <source>a template of their own (depth %1, TP %2)</source>
            <translation>eine eigene Vorlage (Tiefe %1, TP %2)</translation>
        </message>
        <message>
            <source>a new first stage (TP %1) of template %2</source>
            <translation>eine neue erste Stufe (TP %1) von Vorlage %2</translation>
        </message>
        <message>
            <source>a new last stage (TP %1) of template %2</source>
            <translation>eine neue letzte Stufe (TP %1) von Vorlage %2</translation>
        </message>
        <message>
            <source>the best use of these %1 GPUs, as %2, would raise throughput by %3% (%4 → %5 seq/s), but the planner stopped before placing it</source>
            <translation>die beste Nutzung dieser %1 GPUs, als %2, würde den Durchsatz um %3 % erhöhen (%4 → %5 Seq./s), aber der Planer hörte vorher auf</translation>
        </message>
        <message>
            <source>the best use of these %1 GPUs, as %2, leaves throughput unchanged at %3 seq/s: the batch split, in whole micro-batches, gives it no share that shortens the iteration</source>
            <translation>die beste Nutzung dieser %1 GPUs, als %2, lässt den Durchsatz bei %3 Seq./s: Die Batch-Aufteilung in ganzen Micro-Batches gibt ihr keinen Anteil, der die Iteration verkürzt</translation>
        </message>
        <message>
            <source>every use of these %1 GPUs lowers throughput; the best, as %2, gives %3 seq/s instead of %4 (-%5%): %6</source>
            <translation>jede Nutzung dieser %1 GPUs senkt den Durchsatz; die beste, als %2, ergibt %3 statt %4 Seq./s (-%5 %): %6</translation>
        </message>
        <message>
            <source>as %1 these %2 GPUs would reach %3 seq/s, but the planner placed nothing</source>
            <translation>als %1 kämen diese %2 GPUs auf %3 Seq./s, aber der Planer hat nichts platziert</translation>
        </message>
        <message>
            <source>the best use of this GPU, as %2, would raise throughput by %3% (%4 → %5 seq/s), but the planner stopped before placing it</source>
            <translation>die beste Nutzung dieser GPU, als %2, würde den Durchsatz um %3 % erhöhen (%4 → %5 Seq./s), aber der Planer hörte vorher auf</translation>
        </message>
        <message>
            <source>the best use of this GPU, as %2, leaves throughput unchanged at %3 seq/s: the batch split, in whole micro-batches, gives it no share that shortens the iteration</source>
            <translation>die beste Nutzung dieser GPU, als %2, lässt den Durchsatz bei %3 Seq./s: Die Batch-Aufteilung in ganzen Micro-Batches gibt ihr keinen Anteil, der die Iteration verkürzt</translation>
        </message>
        <message>
            <source>every use of this GPU lowers throughput; the best, as %2, gives %3 seq/s instead of %4 (-%5%): %6</source>
            <translation>jede Nutzung dieser GPU senkt den Durchsatz; die beste, als %2, ergibt %3 statt %4 Seq./s (-%5 %): %6</translation>
        </message>
        <message>
            <source>as %1 this GPU would reach %3 seq/s, but the planner placed nothing</source>
            <translation>als %1 käme diese GPU auf %3 Seq./s, aber der Planer hat nichts platziert</translation>
        </message>
        <message>
            <source>none of the %1 uses tried fits: %2</source>
            <translation>keine der %1 versuchten Nutzungen passt: %2</translation>
        </message>
        <message>
            <source>as %1, %2</source>
            <translation>als %1: %2</translation>
        </message>
        <message>
            <source>it would be the straggler, its iteration taking %1 s where the plan takes %2 s</source>
            <translation>sie wäre der Nachzügler, mit %1 s pro Iteration, wo der Plan %2 s braucht</translation>
        </message>
        <message>
            <source>the batch split leaves template %1 the straggler at %2 s where the plan takes %3 s</source>
            <translation>die Batch-Aufteilung macht Vorlage %1 zum Nachzügler mit %2 s, wo der Plan %3 s braucht</translation>
        </message>
        <message>
            <source>the gradient sync of template %1 grows from %2 s to %3 s with more replicas in the all-reduce</source>
            <translation>die Gradientensynchronisation von Vorlage %1 wächst mit mehr Replikaten im All-Reduce von %2 s auf %3 s</translation>
        </message>
        <message>
            <source>%1; %2</source>
            <translation>%1; %2</translation>
        </message>
        <message>
            <source>the free GPUs cannot hold another replica of template %1</source>
            <translation>die freien GPUs fassen kein weiteres Replikat von Vorlage %1</translation>
        </message>
        <message>
            <source>template %1 has %2 virtual stages (needs at least 1)</source>
            <translation>Vorlage %1 hat %2 virtuelle Stufen (mindestens 1 nötig)</translation>
        </message>
        <message>
            <source>stage %1 of template %2 holds %3 layers, fewer than its %4 virtual stages (every model chunk needs a layer)</source>
            <translation>Stufe %1 von Vorlage %2 hält %3 Schichten, weniger als ihre %4 virtuellen Stufen (jeder Modellteil braucht eine Schicht)</translation>
        </message>
        <message>
            <source>template %1 has %2 virtual stages with one stage (interleaving needs a pipeline)</source>
            <translation>Vorlage %1 hat %2 virtuelle Stufen bei nur einer Stufe (Interleaving braucht eine Pipeline)</translation>
        </message>
        <message>
            <source>not in Sailor's plan: Sailor gives every stage one DP degree and each GPU type one TP degree per stage, and this plan's DP leaves these GPUs out</source>
            <translation>nicht in Sailors Plan: Sailor gibt jeder Stufe einen DP-Grad und jedem GPU-Typ einen TP-Grad pro Stufe, und der DP-Grad dieses Plans lässt diese GPUs aus</translation>
        </message>
        <message>
            <source>not in Metis's plan: its device groups are powers of two</source>
            <translation>nicht in Metis' Plan: seine Gerätegruppen sind Zweierpotenzen</translation>
        </message>
        <message>
            <source>not in AMP's plan: its uniform grid of TP x DP x PP fills GPU types in cluster order</source>
            <translation>nicht in AMPs Plan: sein einheitliches Raster aus TP x DP x PP füllt die GPU-Typen in der Reihenfolge des Clusters</translation>
        </message>
        <message>
            <source>not in AMP's plan: the global batch of %1 is not divisible by the %2 GPUs, so AMP plans on %3, and its uniform grid fills GPU types in cluster order</source>
            <translation>nicht in AMPs Plan: der globale Batch von %1 ist nicht durch die %2 GPUs teilbar, daher plant AMP auf %3, und sein einheitliches Raster füllt die GPU-Typen in der Reihenfolge des Clusters</translation>
        </message>
        <message>
            <source>the policy's state holds at most %1 GPU types and the composition has %2: the %1 with the most compute (GPUs × achievable TFLOP/s) were planned; %3 ranks %4 with %5 TFLOP/s at %6</source>
            <translation>der Zustand der Policy fasst höchstens %1 GPU-Typen, der Cluster hat %2: geplant wurden die %1 mit der meisten Rechenleistung (GPUs × erreichbare TFLOP/s); %3 steht an Stelle %4 mit %5 TFLOP/s in %6</translation>
        </message>
        <message>
            <source>%1 (only %2 uses were tried before the planning budget ran out; a larger budget may find a better one)</source>
            <translation>%1 (nur %2 Nutzungen wurden versucht, bevor das Planungsbudget aufgebraucht war; ein größeres Budget findet vielleicht eine bessere)</translation>
        </message>
        <message>
            <source>not examined: the planning budget ran out before any use of the free %1 GPUs was priced</source>
            <translation>nicht untersucht: das Planungsbudget war aufgebraucht, bevor eine Nutzung der freien %1-GPUs bewertet wurde</translation>
        </message>
        <message>
            <source>%1 greedy step</source>
            <translation>%1 Greedy-Schritt</translation>
        </message>
        <message>
            <source>%1 greedy step (stopped early)</source>
            <translation>%1 Greedy-Schritt (vorzeitig beendet)</translation>
        </message>
        <message>
            <source>%1 (cancelled)</source>
            <translation>%1 (abgebrochen)</translation>
        </message>
        <message>
            <source>%1 (budget spent)</source>
            <translation>%1 (Budget aufgebraucht)</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>infeasible</source>
            <translation>nicht umsetzbar</translation>
        </message>
        <message>
            <source>cannot be placed: %1</source>
            <translation>nicht platzierbar: %1</translation>
        </message>
        <message>
            <source>replica %1 of stage %2 (%3) finds no %4 node with %5 free GPUs (%6 %4 GPUs left of %7; the pipeline needs %8 GPUs)</source>
            <translation>Replikat %1 von Stufe %2 (%3) findet keinen %4-Knoten mit %5 freien GPUs (%6 von %7 %4-GPUs frei; die Pipeline braucht %8 GPUs)</translation>
        </message>
        <message>
            <source>ranks 1-%1 infeasible here (first: %2)</source>
            <translation>Ränge 1-%1 hier nicht umsetzbar (erster: %2)</translation>
        </message>
        <message>
            <source>none feasible under our cost model (first: %1)</source>
            <translation>keiner unter unserem Kostenmodell umsetzbar (erster: %1)</translation>
        </message>
        <message>
            <source>%1 is not in Sailor's network files: its links use the catalog's rates</source>
            <translation>%1 fehlt in Sailors Netzwerkdateien: seine Verbindungen nutzen die Raten des Katalogs</translation>
        </message>
        <message>
            <source>no measured link from %1 %2 GPUs to %3 %4 GPUs: the catalog's rate is used</source>
            <translation>keine gemessene Verbindung von %1 %2-GPUs zu %3 %4-GPUs: die Rate des Katalogs wird genutzt</translation>
        </message>
        <message>
            <source>depth %1 of %2, micro-batch %3</source>
            <translation>Tiefe %1 von %2, Micro-Batch %3</translation>
        </message>
        <message>
            <source>%1 plans ranked by Sailor's estimator</source>
            <translation>%1 Pläne von Sailors Schätzer gereiht</translation>
        </message>
        <message>
            <source>%1 (search stopped by the budget or cancel)</source>
            <translation>%1 (Suche durch Budget oder Abbruch beendet)</translation>
        </message>
        <message>
            <source>%1 (more GPU types than Sailor's search handles here: none ranked)</source>
            <translation>%1 (mehr GPU-Typen, als Sailors Suche hier verarbeitet: nichts gereiht)</translation>
        </message>
        <message>
            <source>planned on one-GPU nodes (node sizes differ within a GPU type)</source>
            <translation>auf Ein-GPU-Knoten geplant (Knotengrößen unterscheiden sich innerhalb eines GPU-Typs)</translation>
        </message>
        <message>
            <source>%1 candidates costed, %2 rejected as out of memory</source>
            <translation>%1 Kandidaten bewertet, %2 wegen Speichermangels verworfen</translation>
        </message>
        <message>
            <source>%1 candidates costed by Metis's estimator over %2 inter-stage plans, %3 rejected as out of memory</source>
            <translation>%1 Kandidaten von Metis' Schätzer über %2 Stufenpläne bewertet, %3 wegen Speichermangels verworfen</translation>
        </message>
        <message>
            <source>%1 (stopped at the budget)</source>
            <translation>%1 (am Budget beendet)</translation>
        </message>
        <message>
            <source>ranks 1-%1 not taken (%2 not expressible as templates; first: %3)</source>
            <translation>Ränge 1-%1 nicht genommen (%2 nicht als Vorlagen darstellbar; erster: %3)</translation>
        </message>
        <message>
            <source>none usable (first: %1)</source>
            <translation>keiner nutzbar (erster: %1)</translation>
        </message>
        <message>
            <source>rank %1 %2</source>
            <translation>Rang %1 %2</translation>
        </message>
        <message>
            <source>its layer split drops layers (%1 of %2 placed)</source>
            <translation>seine Schichtaufteilung lässt Schichten aus (%1 von %2 platziert)</translation>
        </message>
        <message>
            <source>its stages have different DP degrees, which no template holds</source>
            <translation>seine Stufen haben verschiedene DP-Grade, was keine Vorlage abbildet</translation>
        </message>
        <message>
            <source>stage %1 holds no layer</source>
            <translation>Stufe %1 hält keine Schicht</translation>
        </message>
        <message>
            <source>a TP group of stage %1 spans two nodes</source>
            <translation>eine TP-Gruppe von Stufe %1 überspannt zwei Knoten</translation>
        </message>
        <message>
            <source>AMP candidates</source>
            <translation>AMP-Kandidaten</translation>
        </message>
        <message>
            <source>%1 of %2 AMP candidates ranked by AMP's estimator (%3)</source>
            <translation>%1 von %2 AMP-Kandidaten von AMPs Schätzer gereiht (%3)</translation>
        </message>
        <message>
            <source>the cost model's fwd+bwd at micro-batch 1</source>
            <translation>Vorwärts- plus Rückwärtszeit des Kostenmodells bei Micro-Batch 1</translation>
        </message>
        <message>
            <source>Sailor's forward times at micro-batch 1, x3</source>
            <translation>Sailors Vorwärtszeiten bei Micro-Batch 1, ×3</translation>
        </message>
        <message>
            <source>%1 (stopped by the budget or cancel)</source>
            <translation>%1 (durch Budget oder Abbruch beendet)</translation>
        </message>
        <message>
            <source>the global batch of %1 is not divisible by the %2 GPUs, so AMP plans on %3</source>
            <translation>der globale Batch von %1 ist nicht durch die %2 GPUs teilbar, daher plant AMP auf %3</translation>
        </message>
        <message>
            <source>planned on one-GPU nodes (node sizes differ)</source>
            <translation>auf Ein-GPU-Knoten geplant (Knotengrößen unterscheiden sich)</translation>
        </message>
        <message>
            <source>%1 leaves of the cost tree, best %2 seq/s</source>
            <translation>%1 Blätter des Kostenbaums, bester %2 Seq./s</translation>
        </message>
        <message>
            <source>nodes as they are</source>
            <translation>Knoten, wie sie sind</translation>
        </message>
        <message>
            <source>one-GPU-per-node reading (node sizes differ within a type)</source>
            <translation>als Ein-GPU-Knoten gelesen (Knotengrößen unterscheiden sich innerhalb eines Typs)</translation>
        </message>
        <message>
            <source>%1; %2 cost-tree leaves placed, %3 branches pruned by the lower bound</source>
            <translation>%1; %2 Blätter des Kostenbaums platziert, %3 Zweige durch die untere Schranke verworfen</translation>
        </message>
        <message>
            <source>chosen: TP %1, DP %2, depth %3, micro-batch %4, its estimate %5 s per iteration</source>
            <translation>gewählt: TP %1, DP %2, Tiefe %3, Micro-Batch %4, seine Schätzung %5 s pro Iteration</translation>
        </message>
        <message>
            <source>no plan our cost model finds feasible</source>
            <translation>kein Plan, den unser Kostenmodell für umsetzbar hält</translation>
        </message>
        <message>
            <source>%1 better-ranked plans infeasible by our cost model (%2)</source>
            <translation>%1 besser gereihte Pläne nach unserem Kostenmodell nicht umsetzbar (%2)</translation>
        </message>
        <message>
            <source>no plan: %1</source>
            <translation>kein Plan: %1</translation>
        </message>
        <message>
            <source>the model has no transformer block for HexiScale to split</source>
            <translation>das Modell hat keinen Transformer-Block, den HexiScale aufteilen könnte</translation>
        </message>
        <message>
            <source>no plan: HexiScale sweeps 1 .. GPUs / 5 pipelines, and %1 GPUs leave none</source>
            <translation>kein Plan: HexiScale durchläuft 1 .. GPUs / 5 Pipelines, und %1 GPUs lassen keine übrig</translation>
        </message>
        <message>
            <source>%1 of %2 pipeline counts, chosen %3 pipelines (%4 seq/s)</source>
            <translation>%1 von %2 Pipeline-Anzahlen, gewählt %3 Pipelines (%4 Seq./s)</translation>
        </message>
        <message>
            <source>%1 of %2 pipeline counts swept, %3 candidates ranked by HexiScale's estimator (%4 out of memory by its memory model, %5 with a stage of no block, %6 partitions short of pipelines)</source>
            <translation>%1 von %2 Pipeline-Anzahlen durchlaufen, %3 Kandidaten von HexiScales Schätzer gereiht (%4 nach seinem Speichermodell ohne Speicher, %5 mit einer Stufe ohne Block, %6 Aufteilungen mit zu wenigen Pipelines)</translation>
        </message>
        <message>
            <source>chosen: %1 pipelines, its estimate %2 s per iteration</source>
            <translation>gewählt: %1 Pipelines, seine Schätzung %2 s pro Iteration</translation>
        </message>
        <message>
            <source>no candidate our cost model finds feasible</source>
            <translation>kein Kandidat, den unser Kostenmodell für umsetzbar hält</translation>
        </message>
        <message>
            <source>%1 better-ranked candidates infeasible by our cost model (%2)</source>
            <translation>%1 besser gereihte Kandidaten nach unserem Kostenmodell nicht umsetzbar (%2)</translation>
        </message>
        <message>
            <source>%1 structures, %2 evaluations, best %3 seq/s</source>
            <translation>%1 Strukturen, %2 Bewertungen, bester %3 Seq./s</translation>
        </message>
        <message>
            <source>%1 coarse structures drawn, %2 layer moves priced</source>
            <translation>%1 grobe Strukturen gezogen, %2 Schichtverschiebungen bewertet</translation>
        </message>
        <message>
            <source>%1 coarse structures drawn, %2 layer moves priced (stopped: 100,000 draws in a row gave no new structure)</source>
            <translation>%1 grobe Strukturen gezogen, %2 Schichtverschiebungen bewertet (beendet: 100.000 Ziehungen in Folge ergaben keine neue Struktur)</translation>
        </message>
        <message>
            <source>%1 policy rollouts</source>
            <translation>%1 Rollouts der Policy</translation>
        </message>
        <message>
            <source>%1 of %2 GPU types planned (the policy's state holds %3); left out: %4</source>
            <translation>%1 von %2 GPU-Typen geplant (der Zustand der Policy fasst %3); ausgelassen: %4</translation>
        </message>
        <message>
            <source>%1 (%2 GPUs)</source>
            <translation>%1 (%2 GPUs)</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1, %2</translation>
        </message>
        <message>
            <source>%1 has no %2 matmul units (0 TFLOP/s at %2), so no plan trained in %2 can use it (precisions it can train in: %3)</source>
            <translation>%1 hat keine %2-Matrixeinheiten (0 TFLOP/s bei %2), daher kann ihn kein in %2 trainierter Plan nutzen (Genauigkeiten, in denen er trainieren kann: %3)</translation>
        </message>
        <message>
            <source>%1 policy rollouts (1 greedy, %2 greedy from another first depth, GPU type and TP, %3 sampled, %4 exploring, %5 with one decision changed, %6 with a depth and a TP degree changed; %7 stage orders, %8 stage edits, %9 appended templates)</source>
            <translation>%1 Rollouts der Policy (1 gierig, %2 gierig ab anderer erster Tiefe, GPU-Typ und TP, %3 gezogen, %4 erkundend, %5 mit einer geänderten Entscheidung, %6 mit geänderter Tiefe und geändertem TP-Grad; %7 Stufenreihenfolgen, %8 Stufenänderungen, %9 angehängte Vorlagen)</translation>
        </message>
        <message>
            <source>the template appends then used %1, which the rollouts had left out</source>
            <translation>die angehängten Vorlagen nutzten danach %1, das die Rollouts ausgelassen hatten</translation>
        </message>
        <message>
            <source>TP %1 cannot split %2: its %3 attention heads and %4 query groups must each be a multiple of the TP degree (Megatron-LM gives every rank of a TP group the same number of each)</source>
            <translation>TP %1 kann %2 nicht aufteilen: seine %3 Attention-Heads und %4 Query-Gruppen müssen je ein Vielfaches des TP-Grads sein (Megatron-LM gibt jedem Rang einer TP-Gruppe gleich viele davon)</translation>
        </message>
        <message>
            <source>TP %1 cannot split %2: its MLP width %3 must be a multiple of the TP degree (Megatron-LM's row-parallel layer gives every rank of a TP group the same share)</source>
            <translation>TP %1 kann %2 nicht aufteilen: seine MLP-Breite %3 muss ein Vielfaches des TP-Grads sein (die zeilenparallele Schicht von Megatron-LM gibt jedem Rang einer TP-Gruppe den gleichen Anteil)</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: the expert MLP width %4 is not a multiple of ETP %2 (Megatron-LM's grouped expert layers give every rank of an ETP group the same share)</source>
            <translation>EP %1 × ETP %2 × EDP %3: die MLP-Breite der Experten %4 ist kein Vielfaches von ETP %2 (die gruppierten Expertenschichten von Megatron-LM geben jedem Rang einer ETP-Gruppe den gleichen Anteil)</translation>
        </message>
        <message>
            <source>template %1 has %2 virtual stages, but DeepSpeed's pipeline engine has no interleaved schedule</source>
            <translation>Vorlage %1 hat %2 virtuelle Stufen, aber die Pipeline-Engine von DeepSpeed hat keinen verschränkten Ablauf</translation>
        </message>
        <message>
            <source>node %1</source>
            <translation>Knoten %1</translation>
        </message>
        <message>
            <source>+ %1:%2 (%3)</source>
            <translation>+ %1:%2 (%3)</translation>
        </message>
        <message>
            <source>- %1</source>
            <translation>- %1</translation>
        </message>
        <message>
            <source>join (no node)</source>
            <translation>Beitritt (kein Knoten)</translation>
        </message>
        <message>
            <source>leave (no node)</source>
            <translation>Austritt (kein Knoten)</translation>
        </message>
        <message>
            <source>fail (no node)</source>
            <translation>Ausfall (kein Knoten)</translation>
        </message>
        <message>
            <source>%1 (leaves)</source>
            <translation>%1 (tritt aus)</translation>
        </message>
        <message>
            <source>%1 (fails)</source>
            <translation>%1 (fällt aus)</translation>
        </message>
        <message>
            <source>the job starts on the planner's plan</source>
            <translation>der Job beginnt mit dem Plan des Planers</translation>
        </message>
        <message>
            <source>the planner found no plan for the starting composition; the job waits for a change</source>
            <translation>der Planer fand keinen Plan für den Anfangscluster; der Job wartet auf eine Änderung</translation>
        </message>
        <message>
            <source>replanned from scratch (the paper's protocol): the new plan replaces the running one</source>
            <translation>von Grund auf neu geplant (Protokoll des Papers): Der neue Plan ersetzt den laufenden</translation>
        </message>
        <message>
            <source>the job restarts on the planner's plan</source>
            <translation>der Job startet neu mit dem Plan des Planers</translation>
        </message>
        <message>
            <source>kept: the planner found no plan for the new composition; the running plan goes on</source>
            <translation>behalten: Der Planer fand keinen Plan für den neuen Cluster; der laufende Plan läuft weiter</translation>
        </message>
        <message>
            <source>kept: the planner found no plan for the new composition; the running plan goes on at %1 seq/s</source>
            <translation>behalten: Der Planer fand keinen Plan für den neuen Cluster; der laufende Plan läuft mit %1 Seq./s weiter</translation>
        </message>
        <message>
            <source>stopped: the running plan used GPUs that are gone and the planner found no plan for what is left</source>
            <translation>angehalten: Der laufende Plan nutzte GPUs, die weg sind, und der Planer fand keinen Plan für den Rest</translation>
        </message>
        <message>
            <source>the planner found no plan; the job still waits</source>
            <translation>der Planer fand keinen Plan; der Job wartet weiter</translation>
        </message>
        <message>
            <source>changed: the running plan used GPUs that are gone, so it cannot go on; the new plan runs at %1 seq/s after a %2 s stall</source>
            <translation>gewechselt: Der laufende Plan nutzte GPUs, die weg sind, und kann nicht weiterlaufen; der neue Plan läuft nach %2 s Pause mit %1 Seq./s</translation>
        </message>
        <message>
            <source>changed: the new plan's %1 seq/s over the remaining %2 s, less a %3 s stall, trains %4 sequences, more than the running plan's %5 at %6 seq/s</source>
            <translation>gewechselt: Der neue Plan trainiert mit %1 Seq./s in den verbleibenden %2 s, abzüglich %3 s Pause, %4 Sequenzen, mehr als die %5 des laufenden Plans mit %6 Seq./s</translation>
        </message>
        <message>
            <source>kept: the new plan's %1 seq/s over the remaining %2 s, less a %3 s stall, trains %4 sequences, no more than the running plan's %5 at %6 seq/s</source>
            <translation>behalten: Der neue Plan trainiert mit %1 Seq./s in den verbleibenden %2 s, abzüglich %3 s Pause, %4 Sequenzen, nicht mehr als die %5 des laufenden Plans mit %6 Seq./s</translation>
        </message>
        <message>
            <source>nothing moves</source>
            <translation>nichts wird übertragen</translation>
        </message>
        <message>
            <source>a GPU of node %1 receives %2 GB inside its node at %3 GB/s</source>
            <translation>eine GPU von Knoten %1 empfängt %2 GB im Knoten mit %3 GB/s</translation>
        </message>
        <message>
            <source>a GPU of node %1 sends %2 GB inside its node at %3 GB/s</source>
            <translation>eine GPU von Knoten %1 sendet %2 GB im Knoten mit %3 GB/s</translation>
        </message>
        <message>
            <source>node %1 receives %2 GB over its network link at %3 GB/s</source>
            <translation>Knoten %1 empfängt %2 GB über seine Netzverbindung mit %3 GB/s</translation>
        </message>
        <message>
            <source>node %1 sends %2 GB over its network link at %3 GB/s</source>
            <translation>Knoten %1 sendet %2 GB über seine Netzverbindung mit %3 GB/s</translation>
        </message>
        <message>
            <source>node %1 reads %2 GB from the checkpoint at %3 GB/s</source>
            <translation>Knoten %1 liest %2 GB aus dem Checkpoint mit %3 GB/s</translation>
        </message>
        <message>
            <source>node %1 (%2, %3 GPUs) has %4 GPUs placed on it (%5 too many; template %6)</source>
            <translation>Auf Knoten %1 (%2, %3 GPUs) liegen %4 GPUs (%5 zu viele; Vorlage %6)</translation>
        </message>
        <message>
            <source>%1 strategies skipped before costing (a micro-batch under one sequence or over Metis's largest, %2, or a TP degree over its largest, %3)</source>
            <translation>%1 Strategien vor der Bewertung übersprungen (ein Mikro-Batch unter einer Sequenz oder über Metis' größtem, %2, oder ein TP-Grad über seinem größten, %3)</translation>
        </message>
        <message>
            <source>%1 inter-stage plans dropped for a missing profile</source>
            <translation>%1 Stufenpläne wegen eines fehlenden Profils verworfen</translation>
        </message>
        <message>
            <source>activation checkpointing is off: with it a stage keeps only each layer's input between its forward and backward passes</source>
            <translation>Aktivierungs-Checkpointing ist aus: damit behält eine Stufe zwischen Vorwärts- und Rückwärtsdurchlauf nur die Eingabe jeder Schicht</translation>
        </message>
        <message>
            <source>stopped early: no plan can fit, since every plan needs at least %1 GiB (one copy of the weights, gradients and optimizer state and one micro-batch's activations of every layer, with the allocator's slack) and the GPUs hold %2 GiB after the framework's %3 GiB each</source>
            <translation>vorzeitig beendet: kein Plan passt, denn jeder Plan braucht mindestens %1 GiB (eine Kopie der Gewichte, Gradienten und Optimiererzustände und die Aktivierungen eines Micro-Batches jeder Schicht, mit dem Spielraum des Allokators), und die GPUs fassen nach den %3 GiB des Frameworks je GPU %2 GiB</translation>
        </message>
        <message>
            <source>stopped early: no plan can fit, since a pipeline holds every layer and one of at most %1 stages, each a TP group on one node, holds at most %2 of the model's %3 layers on these GPUs (each layer at least its weights, gradients and optimizer state and one micro-batch's activations, with the allocator's slack, in the memory left after the framework's %4 GiB per GPU)</source>
            <translation>vorzeitig beendet: kein Plan passt, denn eine Pipeline hält jede Schicht, und eine mit höchstens %1 Stufen, jede eine TP-Gruppe auf einem Knoten, hält auf diesen GPUs höchstens %2 der %3 Schichten des Modells (jede Schicht mindestens ihre Gewichte, Gradienten und Optimiererzustände und die Aktivierungen eines Micro-Batches, mit dem Spielraum des Allokators, im Speicher nach den %4 GiB des Frameworks je GPU)</translation>
        </message>
    </context>
</TS>
