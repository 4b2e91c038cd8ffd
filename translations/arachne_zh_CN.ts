<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>arachne::gui::AlternativesChart</name>
        <message>
            <source>plan on screen</source>
            <translation>当前方案</translation>
        </message>
        <message>
            <source>other planners</source>
            <translation>其他规划器</translation>
        </message>
        <message numerus="yes">
            <source>%1/iter · %n GPU(s)</source>
            <translation>
                <numerusform>%1/迭代 · %n 个 GPU</numerusform>
            </translation>
        </message>
        <message>
            <source>no plan</source>
            <translation>无方案</translation>
        </message>
        <message>
            <source>throughput (sequences/s)</source>
            <translation>吞吐量（序列/秒）</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ComposerPanel</name>
        <message>
            <source>GPU palette (drag a node tile onto the cluster):</source>
            <translation>GPU 面板（将节点图块拖到集群上）：</translation>
        </message>
        <message>
            <source>&amp;Tile GPUs:</source>
            <translation>图块 GPU 数(&amp;T)：</translation>
        </message>
        <message>
            <source>usual</source>
            <translation>常用</translation>
        </message>
        <message>
            <source>GPUs in a new node; "usual" takes the GPU type's usual node size</source>
            <translation>新节点中的 GPU 数；“常用”表示采用该 GPU 类型的常用节点大小</translation>
        </message>
        <message>
            <source>&amp;Add node</source>
            <translation>添加节点(&amp;A)</translation>
        </message>
        <message>
            <source>Cluster (drag nodes to move, Ctrl+drag to copy, onto another type to change it):</source>
            <translation>集群（拖动节点可移动，按住 Ctrl 拖动可复制，拖到其他类型上可更改类型）：</translation>
        </message>
        <message>
            <source>&amp;GPUs in node:</source>
            <translation>节点 GPU 数(&amp;G)：</translation>
        </message>
        <message>
            <source>D&amp;uplicate</source>
            <translation>复制(&amp;U)</translation>
        </message>
        <message>
            <source>De&amp;lete</source>
            <translation>删除(&amp;L)</translation>
        </message>
        <message>
            <source>Add node from palette</source>
            <translation>从面板添加节点</translation>
        </message>
        <message>
            <source>Duplicate node</source>
            <translation>复制节点</translation>
        </message>
        <message>
            <source>Delete node</source>
            <translation>删除节点</translation>
        </message>
        <message>
            <source>Move node up</source>
            <translation>上移节点</translation>
        </message>
        <message>
            <source>Move node down</source>
            <translation>下移节点</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>Change GPU type to</source>
            <translation>将 GPU 类型改为</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::CompositionModel</name>
        <message>
            <source>Add %1-GPU %2 node</source>
            <translation>添加 %1 卡 %2 节点</translation>
        </message>
        <message>
            <source>Delete node %1</source>
            <translation>删除节点 %1</translation>
        </message>
        <message>
            <source>Duplicate node %1</source>
            <translation>复制节点 %1</translation>
        </message>
        <message>
            <source>Load %1</source>
            <translation>加载 %1</translation>
        </message>
        <message>
            <source>Move node %1</source>
            <translation>移动节点 %1</translation>
        </message>
        <message>
            <source>Change node %1 from %2 to %3</source>
            <translation>将节点 %1 从 %2 改为 %3</translation>
        </message>
        <message>
            <source>Resize node %1 from %2 to %3 GPUs</source>
            <translation>将节点 %1 从 %2 个 GPU 调整为 %3 个</translation>
        </message>
        <message numerus="yes">
            <source>%n GPU(s) in %1 node(s) · $%2 per hour</source>
            <translation>
                <numerusform>%1 个节点共 %n 个 GPU · 每小时 $%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n GPU(s)</source>
            <translation>
                <numerusform>%n 个 GPU</numerusform>
            </translation>
        </message>
        <message>
            <source>$%1/h</source>
            <translation>$%1/小时</translation>
        </message>
        <message numerus="yes">
            <source>Node %1: %n GPU(s) of %2</source>
            <translation>
                <numerusform>节点 %1：%n 个 %2</numerusform>
            </translation>
        </message>
        <message>
            <source>GPU type / node</source>
            <translation>GPU 类型 / 节点</translation>
        </message>
        <message>
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <source>Duplicate nodes</source>
            <translation>复制节点</translation>
        </message>
        <message>
            <source>Move nodes</source>
            <translation>移动节点</translation>
        </message>
        <message>
            <source>Node %1</source>
            <translation>节点 %1</translation>
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
            <translation>不适用</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <translation>%1 微秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::GpuPaletteModel</name>
        <message>
            <source>%1 · %2 GB · $%3/GPU-h</source>
            <translation>%1 · %2 GB · $%3/GPU·小时</translation>
        </message>
        <message numerus="yes">
            <source>%1
Drag onto the cluster to add a node of %n GPU(s), or press Insert.</source>
            <translation>
                <numerusform>%1
拖到集群上可添加一个 %n 卡节点，或按 Insert 键。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::LaunchExportAction</name>
        <message>
            <source>Export &amp;launch files…</source>
            <translation>导出启动文件(&amp;L)…</translation>
        </message>
        <message>
            <source>There is no plan to export.</source>
            <translation>没有可导出的计划。</translation>
        </message>
        <message>
            <source>The plan does not fit the cluster: %1</source>
            <translation>计划与集群不符：%1</translation>
        </message>
        <message>
            <source>Cannot create %1</source>
            <translation>无法创建 %1</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>Megatron-LM cannot run this plan unmodified:</source>
            <translation>Megatron-LM 无法不加修改地运行此计划：</translation>
        </message>
        <message>
            <source>No Megatron-LM command was written; the rank map was written instead.</source>
            <translation>未写入 Megatron-LM 命令，改为写入了 rank 映射表。</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>注意：%1</translation>
        </message>
        <message>
            <source>Wrote %1 into %2.</source>
            <translation>已将 %1 写入 %2。</translation>
        </message>
        <message>
            <source>Megatron-LM (launch.sh, rankmap.json, hostfile)</source>
            <translation>Megatron-LM（launch.sh、rankmap.json、hostfile）</translation>
        </message>
        <message>
            <source>torchrun for any training script (launch.sh, rankmap.json, hostfile)</source>
            <translation>适用于任意训练脚本的 torchrun（launch.sh、rankmap.json、hostfile）</translation>
        </message>
        <message>
            <source>Rank map only (rankmap.json, hostfile)</source>
            <translation>仅 rank 映射表（rankmap.json、hostfile）</translation>
        </message>
        <message>
            <source>Export launch files</source>
            <translation>导出启动文件</translation>
        </message>
        <message>
            <source>Format:</source>
            <translation>格式：</translation>
        </message>
        <message>
            <source>Export launch files into</source>
            <translation>导出启动文件到</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::MainWindow</name>
        <message>
            <source>The result was dropped because the input changed during the run.</source>
            <translation>运行期间输入已更改，结果已丢弃。</translation>
        </message>
        <message>
            <source>The input changed; the comparison was dropped.</source>
            <translation>输入已更改，比较已丢弃。</translation>
        </message>
        <message>
            <source>Arachne Plan Explorer</source>
            <translation>Arachne 方案浏览器</translation>
        </message>
        <message>
            <source>Cluster composer</source>
            <translation>集群编辑器</translation>
        </message>
        <message>
            <source>Model, training and planner</source>
            <translation>模型、训练与规划器</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>Open &amp;recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Presets</source>
            <translation>预设(&amp;P)</translation>
        </message>
        <message>
            <source>Pla&amp;n</source>
            <translation>规划(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Open cluster…</source>
            <translation>打开集群(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Save cluster as…</source>
            <translation>集群另存为(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;Export plan JSON…</source>
            <translation>导出方案 JSON(&amp;E)…</translation>
        </message>
        <message>
            <source>Export current view as &amp;PNG…</source>
            <translation>将当前视图导出为 PNG(&amp;P)…</translation>
        </message>
        <message>
            <source>Export current view as P&amp;DF…</source>
            <translation>将当前视图导出为 PDF(&amp;D)…</translation>
        </message>
        <message>
            <source>&amp;Copy plan summary</source>
            <translation>复制方案摘要(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>重做(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Plan (F5)</source>
            <translation>规划(&amp;P) (F5)</translation>
        </message>
        <message>
            <source>&amp;Cancel (Esc)</source>
            <translation>取消(&amp;C) (Esc)</translation>
        </message>
        <message>
            <source>Compare with &amp;other planners</source>
            <translation>与其他规划器比较(&amp;O)</translation>
        </message>
        <message>
            <source>Run the other planners on the same input (in the background)</source>
            <translation>在相同输入上运行其他规划器（后台）</translation>
        </message>
        <message>
            <source>No plan yet. Compose a cluster, choose a model and press Plan (F5).</source>
            <translation>尚无方案。请组建集群、选择模型，然后按“规划”(F5)。</translation>
        </message>
        <message>
            <source>The cluster or the training settings changed after this plan was made. Press F5 to plan again.</source>
            <translation>生成此方案后集群或训练设置已更改。按 F5 重新规划。</translation>
        </message>
        <message>
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <source>1F1B timeline</source>
            <translation>1F1B 时间线</translation>
        </message>
        <message>
            <source>Construction replay</source>
            <translation>构建回放</translation>
        </message>
        <message>
            <source>Alternatives</source>
            <translation>方案对比</translation>
        </message>
        <message>
            <source>Why dropped</source>
            <translation>未用原因</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>已打开 %1</translation>
        </message>
        <message>
            <source>Cannot open cluster</source>
            <translation>无法打开集群</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <source>Cannot save cluster</source>
            <translation>无法保存集群</translation>
        </message>
        <message>
            <source>Open cluster</source>
            <translation>打开集群</translation>
        </message>
        <message>
            <source>Cluster files (*.cluster.json *.json)</source>
            <translation>集群文件 (*.cluster.json *.json)</translation>
        </message>
        <message>
            <source>Save cluster</source>
            <translation>保存集群</translation>
        </message>
        <message>
            <source>Cluster files (*.cluster.json)</source>
            <translation>集群文件 (*.cluster.json)</translation>
        </message>
        <message>
            <source>Export plan</source>
            <translation>导出方案</translation>
        </message>
        <message>
            <source>Plan files (*.plan.json)</source>
            <translation>方案文件 (*.plan.json)</translation>
        </message>
        <message>
            <source>Cannot export plan</source>
            <translation>无法导出方案</translation>
        </message>
        <message>
            <source>Wrote %1</source>
            <translation>已写入 %1</translation>
        </message>
        <message>
            <source>PDF (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
        <message>
            <source>PNG image (*.png)</source>
            <translation>PNG 图像 (*.png)</translation>
        </message>
        <message>
            <source>Export view</source>
            <translation>导出视图</translation>
        </message>
        <message>
            <source>Cannot export view</source>
            <translation>无法导出视图</translation>
        </message>
        <message>
            <source>Plan summary copied to the clipboard</source>
            <translation>方案摘要已复制到剪贴板</translation>
        </message>
        <message>
            <source>The cluster is empty: add a node first.</source>
            <translation>集群为空：请先添加节点。</translation>
        </message>
        <message>
            <source>This build has no planner.</source>
            <translation>此版本没有规划器。</translation>
        </message>
        <message>
            <source>No feasible plan: %1</source>
            <translation>没有可行方案：%1</translation>
        </message>
        <message>
            <source>The planner failed: %1</source>
            <translation>规划器失败：%1</translation>
        </message>
        <message>
            <source>%1 sequences/s · %2 tokens/s · iteration %3 · %4 of %5 GPUs used · planner %6</source>
            <translation>%1 序列/秒 · %2 词元/秒 · 迭代 %3 · 使用 %4/%5 个 GPU · 规划器 %6</translation>
        </message>
        <message>
            <source>Done: %1 plans evaluated in %2 s.</source>
            <translation>完成：%2 秒内评估了 %1 个方案。</translation>
        </message>
        <message>
            <source>Cancelled; the best plan so far is shown.</source>
            <translation>已取消；显示目前最佳方案。</translation>
        </message>
        <message>
            <source>Compare the plan on screen with every other planner's plan.</source>
            <translation>将当前方案与其他所有规划器的方案进行比较。</translation>
        </message>
        <message>
            <source>Plan first (F5): the comparison runs on the input of the plan on screen.</source>
            <translation>请先规划 (F5)：比较基于当前方案的输入运行。</translation>
        </message>
        <message>
            <source>Comparison finished.</source>
            <translation>比较完成。</translation>
        </message>
        <message>
            <source>Running %1 in the background…</source>
            <translation>正在后台运行 %1…</translation>
        </message>
        <message>
            <source>refused</source>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>no plan</source>
            <translation>无方案</translation>
        </message>
        <message>
            <source>Node %1 is no longer in the cluster.</source>
            <translation>节点 %1 已不在集群中。</translation>
        </message>
        <message>
            <source>&amp;Undo %1</source>
            <translation>撤销(&amp;U)：%1</translation>
        </message>
        <message>
            <source>&amp;Redo %1</source>
            <translation>重做(&amp;R)：%1</translation>
        </message>
        <message>
            <source>The planner refused: %1</source>
            <translation>规划器拒绝执行：%1</translation>
        </message>
        <message>
            <source>Cannot open file</source>
            <translation>无法打开文件</translation>
        </message>
        <message>
            <source>%1 is neither a cluster (*.cluster.json), a plan (*.plan.json) nor a scenario (*.scenario.json) file.</source>
            <translation>%1 既不是集群文件（*.cluster.json）、计划文件（*.plan.json），也不是场景文件（*.scenario.json）。</translation>
        </message>
        <message>
            <source>%1 is a scenario file. Scenarios (clusters whose nodes join and leave) are not supported yet.</source>
            <translation>%1 是场景文件。尚不支持场景（节点加入和离开的集群）。</translation>
        </message>
        <message>
            <source>%1 records no cluster, so its plan cannot be shown.</source>
            <translation>%1 未记录集群，因此无法显示其计划。</translation>
        </message>
        <message>
            <source>%1 records no model, so its plan cannot be shown.</source>
            <translation>%1 未记录模型，因此无法显示其计划。</translation>
        </message>
        <message>
            <source>Opened %1.</source>
            <translation>已打开 %1。</translation>
        </message>
        <message>
            <source>Opened %1: the plan is infeasible (%2).</source>
            <translation>已打开 %1：该计划不可行（%2）。</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::MemoryChart</name>
        <message>
            <source>T%1 S%2
%3</source>
            <translation>模板%1 阶段%2
%3</translation>
        </message>
        <message>
            <source>parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>gradients</source>
            <translation>梯度</translation>
        </message>
        <message>
            <source>optimizer state</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>overhead</source>
            <translation>额外开销</translation>
        </message>
        <message>
            <source>GPU memory capacity</source>
            <translation>GPU 显存容量</translation>
        </message>
        <message>
            <source>template and stage</source>
            <translation>模板与阶段</translation>
        </message>
        <message>
            <source>memory per GPU (GB)</source>
            <translation>每个 GPU 的显存 (GB)</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanExporter</name>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>There is no view to export.</source>
            <translation>没有可导出的视图。</translation>
        </message>
        <message>
            <source>Cannot write %1</source>
            <translation>无法写入 %1</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanSummary</name>
        <message>
            <source>Plan by %1 %2 (seed %3) for %4 on %5</source>
            <translation>由 %1 %2（种子 %3）为 %4 在 %5 上生成的方案</translation>
        </message>
        <message>
            <source>Throughput: %1 sequences/s, %2 tokens/s, %3 iterations/s</source>
            <translation>吞吐量：%1 序列/秒，%2 词元/秒，%3 迭代/秒</translation>
        </message>
        <message>
            <source>Iteration time: %1</source>
            <translation>迭代时间：%1</translation>
        </message>
        <message>
            <source>Cluster price: $%1 per hour, $%2 per million tokens</source>
            <translation>集群价格：每小时 $%1，每百万词元 $%2</translation>
        </message>
        <message>
            <source>The plan is not feasible:</source>
            <translation>该方案不可行：</translation>
        </message>
        <message>
            <source>GPUs used: %1</source>
            <translation>使用的 GPU：%1</translation>
        </message>
        <message>
            <source>Template %1: %2 replica(s), micro-batch %3, %4 micro-batches per replica</source>
            <translation>模板 %1：%2 个副本，微批次大小 %3，每个副本 %4 个微批次</translation>
        </message>
        <message>
            <source>  stage %1: %2 TP %3, layers %4-%5</source>
            <translation>  阶段 %1：%2 TP %3，层 %4-%5</translation>
        </message>
        <message>
            <source>, experts EP %1 x ETP %2 x EDP %3</source>
            <translation>，专家 EP %1 x ETP %2 x EDP %3</translation>
        </message>
        <message>
            <source>, t_s %1, memory %2 of %3</source>
            <translation>，t_s %1，显存 %2 / %3</translation>
        </message>
        <message>
            <source>Unused GPUs:</source>
            <translation>未使用的 GPU：</translation>
        </message>
        <message>
            <source>  node %1 (%2, %3 GPUs): %4</source>
            <translation>  节点 %1（%2，%3 个 GPU）：%4</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanView</name>
        <message>
            <source>&lt;b&gt;Template %1, stage %2&lt;/b&gt;: %3, TP %4, layers %5–%6, micro-batch %7</source>
            <translation>&lt;b&gt;模板 %1，阶段 %2&lt;/b&gt;：%3，TP %4，层 %5–%6，微批次 %7</translation>
        </message>
        <message>
            <source>compute per micro-batch</source>
            <translation>每个微批次的计算</translation>
        </message>
        <message>
            <source>TP communication per micro-batch</source>
            <translation>每个微批次的 TP 通信</translation>
        </message>
        <message>
            <source>to next stage (%1) per micro-batch</source>
            <translation>每个微批次传到下一阶段（%1）</translation>
        </message>
        <message>
            <source>stage time t_s</source>
            <translation>阶段时间 t_s</translation>
        </message>
        <message>
            <source>gradient sync per iteration (%1)</source>
            <translation>每次迭代的梯度同步（%1）</translation>
        </message>
        <message>
            <source>optimizer step per iteration</source>
            <translation>每次迭代的优化器步骤</translation>
        </message>
        <message>
            <source>Memory %1 of %2 GB, %3 micro-batches in flight</source>
            <translation>显存 %1 / %2 GB，在途微批次 %3 个</translation>
        </message>
        <message>
            <source>No timing for this stage: the plan is not priced.</source>
            <translation>此阶段没有时间数据：方案尚未估价。</translation>
        </message>
        <message>
            <source>Template %1</source>
            <translation>模板 %1</translation>
        </message>
        <message numerus="yes">
            <source>× %n replica(s)</source>
            <translation>
                <numerusform>× %n 个副本</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n micro-batch(es)</source>
            <translation>
                <numerusform>%n 个微批次</numerusform>
            </translation>
        </message>
        <message>
            <source>iteration %1</source>
            <translation>迭代 %1</translation>
        </message>
        <message>
            <source>GPU types:</source>
            <translation>GPU 类型：</translation>
        </message>
        <message>
            <source>%1 · TP %2</source>
            <translation>%1 · TP %2</translation>
        </message>
        <message>
            <source>TP group</source>
            <translation>TP 组</translation>
        </message>
        <message>
            <source>EP %1 × ETP %2 × EDP %3</source>
            <translation>EP %1 × ETP %2 × EDP %3</translation>
        </message>
        <message>
            <source>node %1</source>
            <translation>节点 %1</translation>
        </message>
        <message>
            <source>%1 nodes</source>
            <translation>%1 个节点</translation>
        </message>
        <message numerus="yes">
            <source>%n GPU(s) · %1</source>
            <translation>
                <numerusform>%n 个 GPU · %1</numerusform>
            </translation>
        </message>
        <message>
            <source>layers %1–%2 · mb %3</source>
            <translation>层 %1–%2 · 微批 %3</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlannerPanel</name>
        <message>
            <source>P&amp;lanner:</source>
            <translation>规划器(&amp;L)：</translation>
        </message>
        <message>
            <source>&amp;Budget:</source>
            <translation>时间预算(&amp;B)：</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Wall-clock limit of the planner</source>
            <translation>规划器的墙钟时间上限</translation>
        </message>
        <message>
            <source>Starting the planner…</source>
            <translation>正在启动规划器…</translation>
        </message>
        <message>
            <source>%1 plans evaluated in %2 s, best %3 sequences/s</source>
            <translation>%2 秒内评估了 %1 个方案，最佳 %3 序列/秒</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanningRunner</name>
        <message>
            <source>the planner failed with an unknown error</source>
            <translation>规划器因未知错误而失败</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ReplayPanel</name>
        <message>
            <source>◀ Previous step</source>
            <translation>◀ 上一步</translation>
        </message>
        <message>
            <source>Next step ▶</source>
            <translation>下一步 ▶</translation>
        </message>
        <message>
            <source>The planner recorded no construction steps.</source>
            <translation>规划器没有记录构建步骤。</translation>
        </message>
        <message>
            <source>Step %1 of %2: throughput %3 → %4 sequences/s (reward %5)</source>
            <translation>第 %1 步，共 %2 步：吞吐量 %3 → %4 序列/秒（奖励 %5）</translation>
        </message>
        <message>
            <source>throughput after the step</source>
            <translation>该步之后的吞吐量</translation>
        </message>
        <message>
            <source>current step</source>
            <translation>当前步骤</translation>
        </message>
        <message>
            <source>construction step</source>
            <translation>构建步骤</translation>
        </message>
        <message>
            <source>sequences/s</source>
            <translation>序列/秒</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TimelineView</name>
        <message numerus="yes">
            <source>Template %1 (slowest replica): %n micro-batch(es), one iteration %2, bubble %3%</source>
            <translation>
                <numerusform>模板 %1（最慢副本）：%n 个微批次，一次迭代 %2，气泡 %3%</numerusform>
            </translation>
        </message>
        <message>
            <source>forward</source>
            <translation>前向</translation>
        </message>
        <message>
            <source>backward</source>
            <translation>反向</translation>
        </message>
        <message>
            <source>bubble (idle)</source>
            <translation>气泡（空闲）</translation>
        </message>
        <message>
            <source>gradient sync</source>
            <translation>梯度同步</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <source>stage %1 · %2</source>
            <translation>阶段 %1 · %2</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TrainingPanel</name>
        <message>
            <source>&amp;Model:</source>
            <translation>模型(&amp;M)：</translation>
        </message>
        <message>
            <source>&amp;Global batch:</source>
            <translation>全局批次(&amp;G)：</translation>
        </message>
        <message>
            <source>&amp;Sequence length:</source>
            <translation>序列长度(&amp;S)：</translation>
        </message>
        <message>
            <source>&amp;Precision:</source>
            <translation>精度(&amp;P)：</translation>
        </message>
        <message>
            <source>Open model &amp;file…</source>
            <translation>打开模型文件(&amp;F)…</translation>
        </message>
        <message>
            <source> sequences</source>
            <translation> 个序列</translation>
        </message>
        <message>
            <source> tokens</source>
            <translation> 个词元</translation>
        </message>
        <message>
            <source>%1 · %2 billion parameters · %3 layers</source>
            <translation>%1 · %2 十亿参数 · %3 层</translation>
        </message>
        <message>
            <source>Open model file</source>
            <translation>打开模型文件</translation>
        </message>
        <message>
            <source>Model JSON (*.json)</source>
            <translation>模型 JSON (*.json)</translation>
        </message>
        <message>
            <source>Cannot open model</source>
            <translation>无法打开模型</translation>
        </message>
        <message>
            <source>&amp;Activation checkpointing</source>
            <translation>激活检查点(&amp;A)</translation>
        </message>
        <message>
            <source>Keep only each layer's input and recompute the rest in the backward pass</source>
            <translation>只保留每层的输入，其余在反向传播中重新计算</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhyDroppedModel</name>
        <message>
            <source>GPU type</source>
            <translation>GPU 类型</translation>
        </message>
        <message>
            <source>Node</source>
            <translation>节点</translation>
        </message>
        <message>
            <source>Unused GPUs</source>
            <translation>未使用的 GPU</translation>
        </message>
        <message>
            <source>Reason (cost model)</source>
            <translation>原因（成本模型）</translation>
        </message>
    </context>
</TS>
