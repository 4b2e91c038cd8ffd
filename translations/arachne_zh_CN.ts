<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>arachne::gui</name>
        <message>
            <source>join</source>
            <translation>加入</translation>
        </message>
        <message>
            <source>leave</source>
            <translation>离开</translation>
        </message>
        <message>
            <source>failure</source>
            <translation>故障</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::AddScenarioEventCommand</name>
        <message>
            <source>Add %1 at %2 s</source>
            <translation>在 %2 秒添加%1</translation>
        </message>
    </context>
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
            <source>throughput (sequences/s)</source>
            <translation>吞吐量（序列/秒）</translation>
        </message>
        <message>
            <source>seq/s</source>
            <translation>序列/秒</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::AlternativesModel</name>
        <message>
            <source>queued</source>
            <translation>排队中</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>运行中…</translation>
        </message>
        <message>
            <source>plan found</source>
            <translation>已找到方案</translation>
        </message>
        <message>
            <source>infeasible</source>
            <translation>不可行</translation>
        </message>
        <message>
            <source>refused</source>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>timed out</source>
            <translation>超时</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>%1 (plan on screen)</source>
            <translation>%1（当前方案）</translation>
        </message>
        <message>
            <source>on screen</source>
            <translation>当前显示</translation>
        </message>
        <message>
            <source>not run</source>
            <translation>未运行</translation>
        </message>
        <message>
            <source>Planner</source>
            <translation>规划器</translation>
        </message>
        <message>
            <source>State</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Sequences/s</source>
            <translation>序列/秒</translation>
        </message>
        <message>
            <source>Iteration</source>
            <translation>迭代</translation>
        </message>
        <message>
            <source>GPUs used</source>
            <translation>使用的 GPU</translation>
        </message>
        <message>
            <source>Planning time</source>
            <translation>规划时间</translation>
        </message>
        <message>
            <source>Evaluations</source>
            <translation>评估次数</translation>
        </message>
        <message>
            <source>Why no plan / note</source>
            <translation>无方案原因 / 备注</translation>
        </message>
        <message>
            <source>$ per M tokens</source>
            <translation>每百万词元 $</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::AlternativesRunner</name>
        <message>
            <source>the planner failed with an unknown error</source>
            <translation>规划器因未知错误而失败</translation>
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
        <message>
            <source>&amp;Delete</source>
            <translation>删除(&amp;D)</translation>
        </message>
        <message>
            <source>Hourl&amp;y price per GPU:</source>
            <translation>每 GPU 小时价格(&amp;Y)：</translation>
        </message>
        <message>
            <source>catalog</source>
            <translation>目录</translation>
        </message>
        <message>
            <source>The node's own price in USD per GPU-hour (what you pay, 0 for hardware you own); "catalog" takes its GPU type's price from the catalog</source>
            <translation>节点自己的价格，单位为每 GPU 小时美元（您支付的价格，自有硬件为 0）；“目录”采用其 GPU 类型在目录中的价格</translation>
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
        <message>
            <source>%1 GB/s per node</source>
            <translation>每节点 %1 GB/s</translation>
        </message>
        <message numerus="yes">
            <source>%n NIC(s)</source>
            <translation>
                <numerusform>%n 块网卡</numerusform>
            </translation>
        </message>
        <message>
            <source>$%1 per GPU-hour</source>
            <translation>每 GPU 小时 $%1</translation>
        </message>
        <message>
            <source>Own figures, in place of the catalog's: %1</source>
            <translation>自有数值（取代目录中的数值）：%1</translation>
        </message>
        <message>
            <source>Node %1 at the catalog's price</source>
            <translation>节点 %1 采用目录价格</translation>
        </message>
        <message>
            <source>Price node %1 at $%2 per GPU-hour</source>
            <translation>节点 %1 定价为每 GPU 小时 $%2</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::CostItems</name>
        <message>
            <source>compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <source>TP communication</source>
            <translation>TP 通信</translation>
        </message>
        <message>
            <source>to the next stage</source>
            <translation>到下一阶段</translation>
        </message>
        <message>
            <source>gradient sync</source>
            <translation>梯度同步</translation>
        </message>
        <message>
            <source>optimizer step</source>
            <translation>优化器步骤</translation>
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
            <source>expert all-to-all communication</source>
            <translation>专家 all-to-all 通信</translation>
        </message>
        <message>
            <source>parameter all-gather</source>
            <translation>参数 all-gather</translation>
        </message>
        <message>
            <source>TP communication hidden under compute</source>
            <translation>被计算掩盖的 TP 通信</translation>
        </message>
        <message>
            <source>gradient sync hidden under the backward</source>
            <translation>被反向计算掩盖的梯度同步</translation>
        </message>
        <message>
            <source>parameter all-gather hidden under the forward</source>
            <translation>被前向计算掩盖的参数 all-gather</translation>
        </message>
        <message>
            <source>tied embedding all-reduce</source>
            <translation>共享词嵌入的 all-reduce</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::DeleteScenarioEventCommand</name>
        <message>
            <source>Delete %1 at %2 s</source>
            <translation>删除 %2 秒的%1</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::Format</name>
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
拖到集群上可添加一个 %n 卡节点，或按 Insert 键。</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 · %2 GiB · $%3/GPU-h</source>
            <translation>%1 · %2 GiB · $%3/GPU·小时</translation>
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
        <name>arachne::gui::LayerText</name>
        <message numerus="yes">
            <source>%n transformer block(s), %1 of them MoE</source>
            <translation>
                <numerusform>%n 个 Transformer 块，其中 %1 个为 MoE</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n transformer block(s)</source>
            <translation>
                <numerusform>%n 个 Transformer 块</numerusform>
            </translation>
        </message>
        <message>
            <source> + embedding</source>
            <translation> + 嵌入层</translation>
        </message>
        <message>
            <source> + head</source>
            <translation> + 输出头</translation>
        </message>
        <message numerus="yes">
            <source> (%n pipeline layer(s))</source>
            <translation>
                <numerusform>（%n 个流水线层）</numerusform>
            </translation>
        </message>
        <message>
            <source>embedding</source>
            <translation>嵌入层</translation>
        </message>
        <message>
            <source>block %1</source>
            <translation>第 %1 块</translation>
        </message>
        <message>
            <source>blocks %1–%2</source>
            <translation>第 %1–%2 块</translation>
        </message>
        <message>
            <source>head</source>
            <translation>输出头</translation>
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
            <source>Plan first (F5): the comparison runs on the input of the plan on screen.</source>
            <translation>请先规划 (F5)：比较基于当前方案的输入运行。</translation>
        </message>
        <message>
            <source>Comparison finished.</source>
            <translation>比较完成。</translation>
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
        <message numerus="yes">
            <source>Tick the planners to run on the input of the plan on screen. They run in the background, in parallel on %n worker thread(s), each with the budget below.</source>
            <translation>
                <numerusform>勾选要在当前方案的输入上运行的规划器。它们在后台的 %n 个工作线程上并行运行，每个使用下方的预算。</numerusform>
            </translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Run the ticked planners (Shift+F5)</source>
            <translation>运行勾选的规划器（Shift+F5）</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>&amp;Template:</source>
            <translation>模板(&amp;T)：</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>构建回放</translation>
        </message>
        <message>
            <source>What if</source>
            <translation>假设分析</translation>
        </message>
        <message>
            <source>1F1B timeline of one iteration</source>
            <translation>一次迭代的 1F1B 时间线</translation>
        </message>
        <message>
            <source>Construction replay: the planner's steps</source>
            <translation>构建回放：规划器的各个步骤</translation>
        </message>
        <message>
            <source>What-if editor: change the plan by hand</source>
            <translation>假设分析编辑器：手动修改方案</translation>
        </message>
        <message>
            <source>input changed</source>
            <translation>输入已更改</translation>
        </message>
        <message>
            <source>Cancelled before any plan was found.</source>
            <translation>在找到任何方案之前已取消。</translation>
        </message>
        <message>
            <source>No feasible plan (%1).</source>
            <translation>没有可行方案（%1）。</translation>
        </message>
        <message>
            <source>The cost model's violations:</source>
            <translation>成本模型发现的违规：</translation>
        </message>
        <message>
            <source>Why no GPU holds a template (see Why dropped):</source>
            <translation>为什么没有 GPU 能容纳模板（见“未用原因”）：</translation>
        </message>
        <message>
            <source>Warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <source>the slowest (%1)</source>
            <translation>最慢的（%1）</translation>
        </message>
        <message>
            <source>template %1</source>
            <translation>模板 %1</translation>
        </message>
        <message>
            <source>Some nodes of this row are no longer in the cluster.</source>
            <translation>此行的部分节点已不在集群中。</translation>
        </message>
        <message>
            <source>Tick at least one planner.</source>
            <translation>请至少勾选一个规划器。</translation>
        </message>
        <message numerus="yes">
            <source>Running %n planner(s) in the background…</source>
            <translation>
                <numerusform>正在后台运行 %n 个规划器…</numerusform>
            </translation>
        </message>
        <message>
            <source>did not stop within its budget of %1; stopped</source>
            <translation>未在 %1 的预算内停止；已强制停止</translation>
        </message>
        <message>
            <source>stopped; the best plan so far</source>
            <translation>已停止；目前最好的方案</translation>
        </message>
        <message>
            <source>stopped before it found a plan</source>
            <translation>在找到方案之前已停止</translation>
        </message>
        <message>
            <source>its budget of %1 ended before it found a plan</source>
            <translation>在找到方案之前 %1 的预算已用完</translation>
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
        <message>
            <source>No feasible plan: %1</source>
            <translation>没有可行方案：%1</translation>
        </message>
        <message>
            <source>Cancelled before any plan was found; the last plan is still shown.</source>
            <translation>在找到任何方案之前已取消；仍显示上一个方案。</translation>
        </message>
        <message>
            <source>the cost model cannot price it</source>
            <translation>成本模型无法为其定价</translation>
        </message>
        <message>
            <source>This plan is not feasible: %1 · %2 of %3 GPUs · planner %4</source>
            <translation>此方案不可行：%1 · %2/%3 个 GPU · 规划器 %4</translation>
        </message>
        <message>
            <source>Budget pe&amp;r planner:</source>
            <translation>每个规划器的预算(&amp;R)：</translation>
        </message>
        <message>
            <source>--whatif %1 was not applied: %2</source>
            <translation>--whatif %1 未应用：%2</translation>
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
            <source>GPU memory capacity</source>
            <translation>GPU 显存容量</translation>
        </message>
        <message>
            <source>template and stage</source>
            <translation>模板与阶段</translation>
        </message>
        <message>
            <source>T%1 S%2 %3</source>
            <translation>模板%1 阶段%2 %3</translation>
        </message>
        <message>
            <source>memory per GPU (GiB)</source>
            <translation>每个 GPU 的显存（GiB）</translation>
        </message>
        <message>
            <source>+%1 over</source>
            <translation>超出 %1</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>total %1 of %2</source>
            <translation>共 %1 / %2</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::MoveScenarioEventCommand</name>
        <message>
            <source>Move event to %1 s</source>
            <translation>将事件移到 %1 秒</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanDiffModel</name>
        <message>
            <source>kept</source>
            <translation>保留</translation>
        </message>
        <message>
            <source>in place</source>
            <translation>原地</translation>
        </message>
        <message>
            <source>new</source>
            <translation>新</translation>
        </message>
        <message>
            <source>moved</source>
            <translation>已移动</translation>
        </message>
        <message>
            <source>inside the node %1, over the network %2, from the checkpoint %3</source>
            <translation>节点内 %1，经网络 %2，来自检查点 %3</translation>
        </message>
        <message>
            <source>checkpoint</source>
            <translation>检查点</translation>
        </message>
        <message>
            <source>Stage</source>
            <translation>阶段</translation>
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
            <translation>层</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>节点</translation>
        </message>
        <message>
            <source>State</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Holds</source>
            <translation>持有</translation>
        </message>
        <message>
            <source>In place</source>
            <translation>原地保留</translation>
        </message>
        <message>
            <source>Moved in</source>
            <translation>移入</translation>
        </message>
        <message>
            <source>From nodes</source>
            <translation>来源节点</translation>
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
        <message numerus="yes">
            <source>  %1, %n GPU(s) on node(s) %2: %3</source>
            <translation>
                <numerusform>  %1，节点 %2 上的 %n 个 GPU：%3</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::PlanView</name>
        <message>
            <source>stage time t_s</source>
            <translation>阶段时间 t_s</translation>
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
        <message>
            <source>T%1 S%2</source>
            <translation>模板%1 阶段%2</translation>
        </message>
        <message>
            <source>T%1 S%2–%3</source>
            <translation>模板%1 阶段%2–%3</translation>
        </message>
        <message>
            <source>layers %1–%2</source>
            <translation>层 %1–%2</translation>
        </message>
        <message>
            <source>&lt;b&gt;Template %1, stage %2&lt;/b&gt;: %3, TP %4, layers %5–%6 (%7), micro-batch %8</source>
            <translation>&lt;b&gt;模板 %1，阶段 %2&lt;/b&gt;：%3，TP %4，层 %5–%6（%7），微批次 %8</translation>
        </message>
        <message>
            <source>experts: EP %1 × ETP %2 × EDP %3</source>
            <translation>专家：EP %1 × ETP %2 × EDP %3</translation>
        </message>
        <message>
            <source>%1 per micro-batch</source>
            <translation>每个微批次的%1</translation>
        </message>
        <message>
            <source>%1 per iteration</source>
            <translation>每次迭代的%1</translation>
        </message>
        <message>
            <source>memory per GPU</source>
            <translation>每个 GPU 的显存</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message numerus="yes">
            <source>%n micro-batch(es) in flight</source>
            <translation>
                <numerusform>同时驻留 %n 个微批次</numerusform>
            </translation>
        </message>
        <message>
            <source>TP group of %1 (%2 shown)</source>
            <translation>%1 个 GPU 的 TP 组（显示 %2 个）</translation>
        </message>
        <message>
            <source>%1 of %2 copies shown</source>
            <translation>显示 %2 份中的 %1 份</translation>
        </message>
        <message>
            <source>interleaved 1F1B: the stage runs as %1 model chunks (virtual stages)</source>
            <translation>交错 1F1B：该阶段以 %1 个模型块（虚拟阶段）运行</translation>
        </message>
        <message>
            <source>interleaved 1F1B: %1 chunks per stage</source>
            <translation>交错 1F1B：每个阶段 %1 个块</translation>
        </message>
        <message>
            <source>nodes %1</source>
            <translation>节点 %1</translation>
        </message>
        <message>
            <source>, </source>
            <comment>separates the node numbers of a stage</comment>
            <translation>、</translation>
        </message>
        <message>
            <source>mb %1</source>
            <translation>微批 %1</translation>
        </message>
        <message>
            <source>micro-batches not split</source>
            <translation>微批次未划分</translation>
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
        <message>
            <source>%p% of the search</source>
            <translation>搜索进度 %p%</translation>
        </message>
        <message>
            <source>%p% of the budget</source>
            <translation>已用预算 %p%</translation>
        </message>
        <message>
            <source>%1 plans evaluated in %2 s, no feasible plan yet</source>
            <translation>%2 秒内评估了 %1 个方案，尚无可行方案</translation>
        </message>
        <message>
            <source>Loading the learned policy (LibTorch) for %1…</source>
            <translation>正在为 %1 加载学习到的策略（LibTorch）…</translation>
        </message>
        <message>
            <source>Learned planner: its policy (LibTorch) loads when it first plans, which takes a few seconds.</source>
            <translation>学习型规划器：其策略（LibTorch）在首次规划时加载，需要几秒钟。</translation>
        </message>
        <message>
            <source>Learned planner: its policy is loading.</source>
            <translation>学习型规划器：正在加载其策略。</translation>
        </message>
        <message>
            <source>Learned planner, but its policy cannot be used (%1): it will plan with greedy.</source>
            <translation>学习型规划器，但其策略无法使用（%1）：将改用 greedy 规划。</translation>
        </message>
        <message>
            <source>Warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <source>Learned planner: its policy library (LibTorch) is loaded.</source>
            <translation>学习型规划器：其策略库（LibTorch）已加载。</translation>
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
        <message>
            <source>Previous construction step (Alt+Left)</source>
            <translation>上一个构建步骤（Alt+左）</translation>
        </message>
        <message>
            <source>Next construction step (Alt+Right)</source>
            <translation>下一个构建步骤（Alt+右）</translation>
        </message>
        <message>
            <source>the planner stopped</source>
            <translation>规划器已停止</translation>
        </message>
        <message>
            <source>template placed</source>
            <translation>已放置模板</translation>
        </message>
        <message>
            <source>%1 TP %2</source>
            <translation>%1 TP %2</translation>
        </message>
        <message>
            <source>depth %1: %2</source>
            <translation>深度 %1：%2</translation>
        </message>
        <message numerus="yes">
            <source>%1 × %n replica(s), %2 sequences/s (%3% against the template taken)</source>
            <translation>
                <numerusform>%1 × %n 个副本，%2 序列/秒（相对所选模板 %3%）</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: cannot be placed: %2</source>
            <translation>%1：无法放置：%2</translation>
        </message>
        <message>
            <source>Also weighed at this step:</source>
            <translation>此步骤中还考虑过：</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioEventDialog</name>
        <message>
            <source>Add a join</source>
            <translation>添加加入事件</translation>
        </message>
        <message>
            <source>Add a leave</source>
            <translation>添加离开事件</translation>
        </message>
        <message>
            <source>Add a failure</source>
            <translation>添加故障事件</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>At</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>GPU type</source>
            <translation>GPU 类型</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>节点</translation>
        </message>
        <message>
            <source>optional, for one node</source>
            <translation>可选，用于单个节点</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioPanel</name>
        <message>
            <source>Open…</source>
            <translation>打开…</translation>
        </message>
        <message>
            <source>Open scenario…</source>
            <translation>打开场景…</translation>
        </message>
        <message>
            <source>Scenario</source>
            <translation>场景</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>保存</translation>
        </message>
        <message>
            <source>Save as…</source>
            <translation>另存为…</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>撤销</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>重做</translation>
        </message>
        <message>
            <source>Join…</source>
            <translation>加入…</translation>
        </message>
        <message>
            <source>Leave…</source>
            <translation>离开…</translation>
        </message>
        <message>
            <source>Failure…</source>
            <translation>故障…</translation>
        </message>
        <message>
            <source>Move…</source>
            <translation>移动…</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>Start from the composer's cluster</source>
            <translation>从编辑器中的集群开始</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>播放</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>Presets</source>
            <translation>预设</translation>
        </message>
        <message>
            <source>Add event</source>
            <translation>添加事件</translation>
        </message>
        <message>
            <source>Planners</source>
            <translation>规划器</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>Horizon</source>
            <translation>时间范围</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Policy</source>
            <translation>策略</translation>
        </message>
        <message>
            <source>replan at every event (the paper's protocol)</source>
            <translation>每个事件都重新规划（论文的协议）</translation>
        </message>
        <message>
            <source>keep the plan unless the gain repays the stall</source>
            <translation>保留计划，除非收益能抵消停顿</translation>
        </message>
        <message>
            <source>Budget per replan</source>
            <translation>每次重新规划的预算</translation>
        </message>
        <message>
            <source>Drag an event to move it, right-click to add or delete, arrow keys nudge the selected one.</source>
            <translation>拖动事件以移动，右键添加或删除，方向键微调所选事件。</translation>
        </message>
        <message numerus="yes">
            <source>%1: starts on %2 (%n GPU(s)), %3 event(s), horizon %4 s</source>
            <translation>
                <numerusform>%1：从 %2 开始（%n 个 GPU），%3 个事件，时间范围 %4 秒</numerusform>
            </translation>
        </message>
        <message>
            <source>The scenario changed: play it again to see the new run.</source>
            <translation>场景已更改：再次播放以查看新的运行。</translation>
        </message>
        <message>
            <source>Opened %1.</source>
            <translation>已打开 %1。</translation>
        </message>
        <message>
            <source>Saved %1.</source>
            <translation>已保存 %1。</translation>
        </message>
        <message>
            <source>Open scenario</source>
            <translation>打开场景</translation>
        </message>
        <message>
            <source>Scenarios (*.scenario.json);;JSON (*.json);;All files (*)</source>
            <translation>场景 (*.scenario.json);;JSON (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Save scenario</source>
            <translation>保存场景</translation>
        </message>
        <message>
            <source>Scenarios (*.scenario.json)</source>
            <translation>场景 (*.scenario.json)</translation>
        </message>
        <message>
            <source>Nothing was added: choose at least one node.</source>
            <translation>未添加任何内容：请至少选择一个节点。</translation>
        </message>
        <message>
            <source>Move event</source>
            <translation>移动事件</translation>
        </message>
        <message>
            <source>New time (seconds after the start)</source>
            <translation>新时间（开始后的秒数）</translation>
        </message>
        <message>
            <source>Plan %1</source>
            <translation>计划 %1</translation>
        </message>
        <message>
            <source>Horizon %1 s</source>
            <translation>时间范围 %1 秒</translation>
        </message>
        <message>
            <source>Fix the scenario's problems before playing it.</source>
            <translation>播放前请先修复场景中的问题。</translation>
        </message>
        <message>
            <source>Choose at least one planner.</source>
            <translation>请至少选择一个规划器。</translation>
        </message>
        <message>
            <source>Playing %1 with %2…</source>
            <translation>正在用 %2 播放 %1…</translation>
        </message>
        <message>
            <source>Stopping after the current step…</source>
            <translation>将在当前步骤后停止…</translation>
        </message>
        <message>
            <source>%1: step %2 of %3</source>
            <translation>%1：第 %2 步，共 %3 步</translation>
        </message>
        <message>
            <source>%1 %2 seq/s</source>
            <translation>%1 %2 序列/秒</translation>
        </message>
        <message>
            <source>Stopped. </source>
            <translation>已停止。</translation>
        </message>
        <message>
            <source>Done. </source>
            <translation>完成。</translation>
        </message>
        <message>
            <source>Time-weighted throughput: %1</source>
            <translation>时间加权吞吐量：%1</translation>
        </message>
        <message>
            <source>The run failed: %1</source>
            <translation>运行失败：%1</translation>
        </message>
        <message>
            <source>Select a step to see what changed in the plan.</source>
            <translation>选择一个步骤以查看计划的变化。</translation>
        </message>
        <message>
            <source>%1, step %2 (%3): %4</source>
            <translation>%1，第 %2 步（%3）：%4</translation>
        </message>
        <message>
            <source>Stall %1: planner %2, release %3, process groups %4, state transfer %5 (%6 moved; %7), engine build %8, unattributed %9.</source>
            <translation>停顿 %1：规划器 %2，释放 %3，进程组 %4，状态传输 %5（移动 %6；%7），引擎构建 %8，未归类 %9。</translation>
        </message>
        <message>
            <source>%1 sequences rolled back to the checkpoint at %2.</source>
            <translation>%1 个序列回滚到 %2 的检查点。</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioRunner</name>
        <message>
            <source>the scenario run failed with an unknown error</source>
            <translation>场景运行因未知错误而失败</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioStepsModel</name>
        <message>
            <source>start</source>
            <translation>开始</translation>
        </message>
        <message>
            <source>replanned</source>
            <translation>已重新规划</translation>
        </message>
        <message>
            <source>kept</source>
            <translation>保留</translation>
        </message>
        <message>
            <source>switched</source>
            <translation>已切换</translation>
        </message>
        <message>
            <source>forced</source>
            <translation>强制</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>已停止</translation>
        </message>
        <message>
            <source>Planner</source>
            <translation>规划器</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>步骤</translation>
        </message>
        <message>
            <source>At</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>事件</translation>
        </message>
        <message>
            <source>GPUs used</source>
            <translation>使用的 GPU</translation>
        </message>
        <message>
            <source>Before (seq/s)</source>
            <translation>之前（序列/秒）</translation>
        </message>
        <message>
            <source>After (seq/s)</source>
            <translation>之后（序列/秒）</translation>
        </message>
        <message>
            <source>Decision</source>
            <translation>决定</translation>
        </message>
        <message>
            <source>Stall</source>
            <translation>停顿</translation>
        </message>
        <message>
            <source>State moved</source>
            <translation>移动的状态</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioThroughputChart</name>
        <message>
            <source>days</source>
            <translation>天</translation>
        </message>
        <message>
            <source>hours</source>
            <translation>小时</translation>
        </message>
        <message>
            <source>minutes</source>
            <translation>分钟</translation>
        </message>
        <message>
            <source>seconds</source>
            <translation>秒</translation>
        </message>
        <message>
            <source>time since the start (%1)</source>
            <translation>自开始以来的时间（%1）</translation>
        </message>
        <message>
            <source>throughput (sequences/s)</source>
            <translation>吞吐量（序列/秒）</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::ScenarioTimelineView</name>
        <message>
            <source>Move event to…</source>
            <translation>将事件移到…</translation>
        </message>
        <message>
            <source>Delete event</source>
            <translation>删除事件</translation>
        </message>
        <message>
            <source>Add a join at %1…</source>
            <translation>在 %1 添加加入事件…</translation>
        </message>
        <message>
            <source>Add a leave at %1…</source>
            <translation>在 %1 添加离开事件…</translation>
        </message>
        <message>
            <source>Add a failure at %1…</source>
            <translation>在 %1 添加故障事件…</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TimelineView</name>
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
            <source>stage %1 · %2</source>
            <translation>阶段 %1 · %2</translation>
        </message>
        <message>
            <source>Template %1 (the slowest)</source>
            <translation>模板 %1（最慢的）</translation>
        </message>
        <message>
            <source>Template %1</source>
            <translation>模板 %1</translation>
        </message>
        <message numerus="yes">
            <source>%n micro-batch(es), one iteration %1, bubble %2 (%3% of the iteration)</source>
            <translation>
                <numerusform>%n 个微批次，一次迭代 %1，气泡 %2（占迭代的 %3%）</numerusform>
            </translation>
        </message>
        <message>
            <source>interleaved 1F1B, %1 model chunks per stage</source>
            <translation>交错 1F1B，每个阶段 %1 个模型块</translation>
        </message>
        <message>
            <source>with fewer micro-batches than stages this schedule takes %1, the cost model counts %2</source>
            <translation>微批次少于阶段数，此调度需 %1，成本模型按 %2 计</translation>
        </message>
        <message>
            <source>forward, chunk %1</source>
            <translation>前向，块 %1</translation>
        </message>
        <message>
            <source>Not drawn: %1 forward and backward passes are more than the timeline simulates (%2 at most). The numbers above are the cost model's.</source>
            <translation>未绘制：%1 次前向与反向传递超过时间线可模拟的数量（最多 %2）。上面的数字来自成本模型。</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::TrainingPanel</name>
        <message>
            <source>&amp;Model:</source>
            <translation>模型(&amp;M)：</translation>
        </message>
        <message>
            <source>&amp;Sequence length:</source>
            <translation>序列长度(&amp;S)：</translation>
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
            <source>Keep only each layer's input and recompute the rest in the backward pass</source>
            <translation>只保留每层的输入，其余在反向传播中重新计算</translation>
        </message>
        <message>
            <source>%1 · %2 billion parameters · %3</source>
            <translation>%1 · %2 十亿参数 · %3</translation>
        </message>
        <message>
            <source>Global batc&amp;h:</source>
            <translation>全局批次(&amp;H)：</translation>
        </message>
        <message>
            <source>Prec&amp;ision:</source>
            <translation>精度(&amp;I)：</translation>
        </message>
        <message>
            <source>&amp;Open model file…</source>
            <translation>打开模型文件(&amp;O)…</translation>
        </message>
        <message>
            <source>Activation &amp;checkpointing</source>
            <translation>激活检查点(&amp;C)</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhatIfEditor</name>
        <message>
            <source>Click a stage, then change it or its template. Every change is priced by the cost model at once and is one step on the undo stack.</source>
            <translation>点击一个阶段，然后修改它或它的模板。每次修改都会立即由成本模型重新计算，并且是撤销栈中的一步。</translation>
        </message>
        <message>
            <source>&amp;Replicas:</source>
            <translation>副本数(&amp;R)：</translation>
        </message>
        <message>
            <source>&amp;Micro-batch:</source>
            <translation>微批次(&amp;M)：</translation>
        </message>
        <message>
            <source>&amp;Depth:</source>
            <translation>深度(&amp;D)：</translation>
        </message>
        <message>
            <source>&amp;TP degree:</source>
            <translation>TP 度(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Layers:</source>
            <translation>层数(&amp;L)：</translation>
        </message>
        <message>
            <source>Layers of this stage; the next stage gives or takes the difference</source>
            <translation>此阶段的层数；下一阶段补足或让出差额</translation>
        </message>
        <message>
            <source>&amp;Back to the planner's plan</source>
            <translation>回到规划器的方案(&amp;B)</translation>
        </message>
        <message>
            <source>Undo edit</source>
            <translation>撤销修改</translation>
        </message>
        <message>
            <source>Redo edit</source>
            <translation>重做修改</translation>
        </message>
        <message>
            <source>Plan first (F5): the editor starts from the plan on screen.</source>
            <translation>请先规划（F5）：编辑器从当前方案开始。</translation>
        </message>
        <message>
            <source>%1 sequences/s · iteration %2 · %3 GPUs</source>
            <translation>%1 序列/秒 · 迭代 %2 · %3 个 GPU</translation>
        </message>
        <message>
            <source>%1% against the planner's plan (%2 sequences/s)</source>
            <translation>相对规划器的方案 %1%（%2 序列/秒）</translation>
        </message>
        <message>
            <source>the planner's plan</source>
            <translation>规划器的方案</translation>
        </message>
        <message numerus="yes">
            <source>This plan cannot run (%n violation(s)); the planner's plan makes %1 sequences/s.</source>
            <translation>
                <numerusform>此方案无法运行（%n 处违规）；规划器的方案可达 %1 序列/秒。</numerusform>
            </translation>
        </message>
        <message>
            <source>Template %1</source>
            <translation>模板 %1</translation>
        </message>
        <message>
            <source>Stage %1 · %2</source>
            <translation>阶段 %1 · %2</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
        <message numerus="yes">
            <source>… and %n more (hover here to see all)</source>
            <translation>
                <numerusform>… 另有 %n 条（悬停此处查看全部）</numerusform>
            </translation>
        </message>
        <message>
            <source>No memory figures for this plan: the cost model cannot price a stage's memory.</source>
            <translation>此计划没有显存数据：成本模型无法计算某个阶段的显存。</translation>
        </message>
        <message>
            <source>No timeline for this plan: the cost model stopped before timing it.</source>
            <translation>此计划没有时间线：成本模型在计算时间之前就停止了。</translation>
        </message>
        <message>
            <source>Micro-batches not split: the cost model splits the global batch by the templates' speeds, and the violations above stopped it before that.</source>
            <translation>微批次未划分：成本模型按各模板的速度划分全局批次，而上述违规使它在划分之前就停止了。</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhatIfSession</name>
        <message>
            <source>Template %1, stage %2: TP %3</source>
            <translation>模板 %1，阶段 %2：TP %3</translation>
        </message>
        <message>
            <source>Template %1: depth %2</source>
            <translation>模板 %1：深度 %2</translation>
        </message>
        <message>
            <source>Template %1, stage %2: %3 layers</source>
            <translation>模板 %1，阶段 %2：%3 层</translation>
        </message>
        <message>
            <source>Template %1: micro-batch %2</source>
            <translation>模板 %1：微批次 %2</translation>
        </message>
        <message>
            <source>Template %1: %2 replicas</source>
            <translation>模板 %1：%2 个副本</translation>
        </message>
        <message>
            <source>Back to the planner's plan</source>
            <translation>回到规划器的方案</translation>
        </message>
    </context>
    <context>
        <name>arachne::gui::WhyDroppedModel</name>
        <message>
            <source>GPU type</source>
            <translation>GPU 类型</translation>
        </message>
        <message>
            <source>Unused GPUs</source>
            <translation>未使用的 GPU</translation>
        </message>
        <message numerus="yes">
            <source>%n node(s)</source>
            <translation>
                <numerusform>%n 个节点</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2 …</source>
            <translation>%1：%2 …</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>节点</translation>
        </message>
        <message>
            <source>Why unused: their best use, priced by the cost model</source>
            <translation>未用原因：它们的最佳用途（由成本模型计算）</translation>
        </message>
        <message>
            <source>Why unused</source>
            <translation>未用原因</translation>
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
            <translation>参数</translation>
        </message>
        <message>
            <source>grads</source>
            <translation>梯度</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>other</source>
            <translation>其他</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>intra-node</source>
            <translation>节点内</translation>
        </message>
        <message>
            <source>inter-node</source>
            <translation>节点间</translation>
        </message>
        <message>
            <source>stage %1 of template %2 (%3, TP %4, layers %5-%6)</source>
            <translation>模板 %2 的阶段 %1（%3，TP %4，层 %5-%6）</translation>
        </message>
        <message>
            <source>the plan has no templates</source>
            <translation>方案中没有模板</translation>
        </message>
        <message>
            <source>template %1 has %2 replicas (needs at least 1)</source>
            <translation>模板 %1 有 %2 个副本（至少需要 1 个）</translation>
        </message>
        <message>
            <source>template %1 has micro-batch size %2 (needs at least 1)</source>
            <translation>模板 %1 的微批次大小为 %2（至少需要 1）</translation>
        </message>
        <message>
            <source>template %1 has %2 micro-batches per replica (needs at least 1)</source>
            <translation>模板 %1 每个副本有 %2 个微批次（至少需要 1 个）</translation>
        </message>
        <message>
            <source>template %1 has no stages</source>
            <translation>模板 %1 没有阶段</translation>
        </message>
        <message>
            <source>stage %1 of template %2 holds layers %3-%4 and %5</source>
            <translation>模板 %2 的阶段 %1 包含层 %3-%4，且%5</translation>
        </message>
        <message>
            <source>starts at layer %1, expected %2</source>
            <translation>从第 %1 层开始，应为 %2</translation>
        </message>
        <message>
            <source>ends before it starts</source>
            <translation>结束早于开始</translation>
        </message>
        <message>
            <source>ends past the model's last layer %1</source>
            <translation>结束于模型最后一层 %1 之后</translation>
        </message>
        <message>
            <source>stage %1 of template %2 wants GPU type '%3', which the composition does not have (it has: %4)</source>
            <translation>模板 %2 的阶段 %1 需要 GPU 类型“%3”，但集群中没有（现有：%4）</translation>
        </message>
        <message>
            <source>%1 has TP %2 (needs at least 1)</source>
            <translation>%1 的 TP 为 %2（至少需要 1）</translation>
        </message>
        <message>
            <source>%1 lists %2 node ids for %3 replicas</source>
            <translation>%1 为 %3 个副本列出了 %2 个节点</translation>
        </message>
        <message>
            <source>%1 is placed on node %2, which is not in the composition</source>
            <translation>%1 位于节点 %2，但该节点不在集群中</translation>
        </message>
        <message>
            <source>%1 is placed on node %2, which holds %3 GPUs</source>
            <translation>%1 位于节点 %2，而该节点是 %3 GPU</translation>
        </message>
        <message>
            <source>%1: a TP group of %2 GPUs does not fit node %3 of %4 GPUs (a TP group never crosses a node)</source>
            <translation>%1：%2 个 GPU 的 TP 组放不进有 %4 个 GPU 的节点 %3（TP 组从不跨节点）</translation>
        </message>
        <message>
            <source>%1 is outside the search space: %2</source>
            <translation>%1 超出搜索空间：%2</translation>
        </message>
        <message>
            <source>%1: expert tiling %2</source>
            <translation>%1：专家切分 %2</translation>
        </message>
        <message>
            <source>template %1 covers layers 0-%2 of 0-%3: layers %4-%3 are not placed</source>
            <translation>模板 %1 只覆盖层 0-%2（共 0-%3）：层 %4-%3 未放置</translation>
        </message>
        <message>
            <source>node %1 (%2, %3 GPUs) has %4 GPUs placed on it (%5 too many; templates %6)</source>
            <translation>节点 %1（%2，%3 个 GPU）上放置了 %4 个 GPU（多出 %5 个；模板 %6）</translation>
        </message>
        <message>
            <source>the global batch of %1 sequences cannot give every replica one micro-batch: that takes %2 sequences (sum of replicas x micro-batch size)</source>
            <translation>%1 个序列的全局批次无法给每个副本一个微批次：这需要 %2 个序列（副本数 × 微批次大小之和）</translation>
        </message>
        <message>
            <source>the plan's micro-batches cover %1 sequences per iteration, fewer than the global batch of %2</source>
            <translation>方案的微批次每次迭代覆盖 %1 个序列，少于 %2 的全局批次</translation>
        </message>
        <message>
            <source>the plan's micro-batches hold %1 sequences per iteration, twice the global batch of %2 or more: more than rounding to whole micro-batches explains</source>
            <translation>方案的微批次每次迭代容纳 %1 个序列，达到 %2 的全局批次的两倍或更多：超出了取整到整数个微批次所能解释的范围</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB</source>
            <translation>%1：需要 %2 GiB，可用 %3 GiB（超出 %4 GiB）；最大部分：%5 %6 GiB</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB (1 micro-batch in flight)</source>
            <translation>%1：需要 %2 GiB，可用 %3 GiB（超出 %4 GiB）；最大部分：%5 %6 GiB（同时驻留 1 个微批次）</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB (%7 micro-batches in flight)</source>
            <translation>%1：需要 %2 GiB，可用 %3 GiB（超出 %4 GiB）；最大部分：%5 %6 GiB（同时驻留 %7 个微批次）</translation>
        </message>
        <message>
            <source>no profile entry for (%1, TP %2, mbs %3, %4): %5</source>
            <translation>没有 (%1, TP %2, 微批次 %3, %4) 的性能剖析条目：%5</translation>
        </message>
        <message>
            <source>%1 is not in profile set '%2' (profiled: %3)</source>
            <translation>%1 不在剖析集“%2”中（已剖析：%3）</translation>
        </message>
        <message>
            <source>TP %1 was not profiled for %2 (profiled: %3)</source>
            <translation>%2 没有剖析 TP %1（已剖析：%3）</translation>
        </message>
        <message>
            <source>micro-batch %1 was not profiled for (%2, TP %3) (profiled: %4)</source>
            <translation>(%2, TP %3) 没有剖析微批次 %1（已剖析：%4）</translation>
        </message>
        <message>
            <source>layer type '%1' was not profiled for (%2, TP %3, mbs %4) (a measured profile may lack it because it ran out of memory)</source>
            <translation>(%2, TP %3, 微批次 %4) 没有剖析层类型“%1”（实测剖析可能因显存不足而缺少它）</translation>
        </message>
        <message>
            <source>no profile for (%1, TP %2, mbs %3)</source>
            <translation>没有 (%1, TP %2, 微批次 %3) 的剖析</translation>
        </message>
        <message>
            <source>%1 has no %2 rate</source>
            <translation>%1 没有 %2 算力</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: every factor must be at least 1</source>
            <translation>EP %1 × ETP %2 × EDP %3：每个因子至少为 1</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3 = %4 GPUs, but the stage has %5 (TP %6 x %7 replicas)</source>
            <translation>EP %1 × ETP %2 × EDP %3 = %4 个 GPU，但该阶段有 %5 个（TP %6 × %7 个副本）</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: ETP %2 does not divide TP %4 (ETP is node bound like TP)</source>
            <translation>EP %1 × ETP %2 × EDP %3：ETP %2 不能整除 TP %4（ETP 与 TP 一样限于节点内）</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: %4 experts are not divisible by EP %1</source>
            <translation>EP %1 × ETP %2 × EDP %3：%4 个专家不能被 EP %1 整除</translation>
        </message>
        <message>
            <source>the template is not complete</source>
            <translation>模板不完整</translation>
        </message>
        <message>
            <source>depth %1 exceeds the model's %2 layers</source>
            <translation>深度 %1 超过模型的 %2 层</translation>
        </message>
        <message>
            <source>the free nodes cannot hold one replica of the template</source>
            <translation>空闲节点容纳不下该模板的一个副本</translation>
        </message>
        <message>
            <source>the global batch of %1 sequences is already spread one micro-batch per replica over the plan</source>
            <translation>%1 个序列的全局批次已按每个副本一个微批次分给了方案</translation>
        </message>
        <message>
            <source>no micro-batch size is profiled for every stage of the template</source>
            <translation>没有哪个微批次大小对模板的所有阶段都有剖析</translation>
        </message>
        <message>
            <source>micro-batch %1 exceeds the %2 sequences of the global batch left</source>
            <translation>微批次 %1 超过全局批次剩余的 %2 个序列</translation>
        </message>
        <message>
            <source>%1 TP %2</source>
            <translation>%1 TP %2</translation>
        </message>
        <message>
            <source>at micro-batch %1 stage %2 (%3) needs %4 GiB of %5 GiB under every split tried (largest component: %6)</source>
            <translation>微批次为 %1 时，阶段 %2（%3）在尝试过的每种切分下都需要 %4 GiB，可用 %5 GiB（最大部分：%6）</translation>
        </message>
        <message>
            <source>at micro-batch %1 a stage has no profile for its layers</source>
            <translation>微批次为 %1 时，某个阶段的层没有剖析</translation>
        </message>
        <message>
            <source>at micro-batch %1: %2</source>
            <translation>微批次为 %1 时：%2</translation>
        </message>
        <message>
            <source>no micro-batch size fits</source>
            <translation>没有合适的微批次大小</translation>
        </message>
        <message>
            <source>%1 layer counts for %2 stages</source>
            <translation>%2 个阶段给了 %1 个层数</translation>
        </message>
        <message>
            <source>a stage holds %1 layers</source>
            <translation>某个阶段包含 %1 层</translation>
        </message>
        <message>
            <source>the stages hold %1 layers, the model has %2</source>
            <translation>各阶段共 %1 层，模型有 %2 层</translation>
        </message>
        <message>
            <source>%1 replicas requested, the free nodes hold %2</source>
            <translation>请求 %1 个副本，空闲节点只能容纳 %2 个</translation>
        </message>
        <message>
            <source>%1 replicas of micro-batch %2 exceed the %3 sequences of the global batch left</source>
            <translation>%1 个副本 × 微批次 %2 超过全局批次剩余的 %3 个序列</translation>
        </message>
        <message>
            <source>micro-batch %1 is not profiled for %2 TP %3</source>
            <translation>%2 TP %3 没有剖析微批次 %1</translation>
        </message>
        <message>
            <source>the free nodes cannot hold %1 replicas of the template</source>
            <translation>空闲节点容纳不下该模板的 %1 个副本</translation>
        </message>
        <message>
            <source>the cost model rejects the template</source>
            <translation>成本模型拒绝了该模板</translation>
        </message>
        <message>
            <source>infeasible: %1</source>
            <translation>不可行：%1</translation>
        </message>
        <message>
            <source>%1 plans, best %2 seq/s</source>
            <translation>%1 个方案，最佳 %2 序列/秒</translation>
        </message>
        <message>
            <source>step %1: %2/%3 templates tried</source>
            <translation>第 %1 步：已尝试 %2/%3 个模板</translation>
        </message>
        <message>
            <source>%1 greedy steps</source>
            <translation>%1 个贪心步骤</translation>
        </message>
        <message>
            <source>%1 greedy steps (stopped early)</source>
            <translation>%1 个贪心步骤（提前停止）</translation>
        </message>
        <message>
            <source>%1 random episodes</source>
            <translation>%1 个随机回合</translation>
        </message>
        <message>
            <source>%1 random episodes (stopped: the last %2 drew only plans already priced)</source>
            <translation>%1 个随机回合（已停止：最后 %2 个只抽到已评估过的方案）</translation>
        </message>
        <message>
            <source>estimating the search space (%1)</source>
            <translation>正在估计搜索空间（%1）</translation>
        </message>
        <message>
            <source>cancelled while estimating the search space</source>
            <translation>估计搜索空间时已取消</translation>
        </message>
        <message>
            <source>refused: the space holds up to %1 plans even with %2 (%3 first templates with every stage order); at %4 us per plan that is more than %5, beyond the budget of %6</source>
            <translation>已拒绝：即使采用%2，空间中也最多有 %1 个方案（按任意阶段顺序有 %3 个首个模板）；每个方案 %4 微秒，需要超过 %5，超出 %6 的预算</translation>
        </message>
        <message>
            <source>searched %1: %2 plans priced (estimate %3)</source>
            <translation>已搜索（%1）：评估了 %2 个方案（估计 %3）</translation>
        </message>
        <message>
            <source>cancelled while searching %1: %2 plans priced (estimate %3)</source>
            <translation>搜索时已取消（%1）：评估了 %2 个方案（估计 %3）</translation>
        </message>
        <message>
            <source>budget ended while searching %1: %2 plans priced (estimate %3)</source>
            <translation>搜索时预算用完（%1）：评估了 %2 个方案（估计 %3）</translation>
        </message>
        <message>
            <source>%1 evaluations</source>
            <translation>%1 次评估</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
        <message>
            <source>%1 h</source>
            <translation>%1 小时</translation>
        </message>
        <message>
            <source>%1 years</source>
            <translation>%1 年</translation>
        </message>
        <message>
            <source>every stage order</source>
            <translation>任意阶段顺序</translation>
        </message>
        <message>
            <source>contiguous GPU-type blocks, every TP order</source>
            <translation>连续的 GPU 类型块、任意 TP 顺序</translation>
        </message>
        <message>
            <source>contiguous GPU-type blocks, TP non-increasing</source>
            <translation>连续的 GPU 类型块、TP 不递增</translation>
        </message>
        <message>
            <source>warning: the %1 policy cannot be used (%2); planned with greedy</source>
            <translation>警告：无法使用 %1 策略（%2）；已改用贪心规划</translation>
        </message>
        <message>
            <source>no TP degree is profiled for %1, so it is outside the search space</source>
            <translation>%1 没有剖析任何 TP 度，因此不在搜索空间内</translation>
        </message>
        <message>
            <source>the global batch of %1 sequences already gives every replica of the plan just one micro-batch</source>
            <translation>%1 个序列的全局批次已经只给方案的每个副本一个微批次</translation>
        </message>
        <message>
            <source>%1 of its %2 GPUs are free; %3</source>
            <translation>其 %2 个 GPU 中有 %1 个空闲；%3</translation>
        </message>
        <message>
            <source>another replica of template %1 (%2 GPUs)</source>
            <translation>模板 %1 的又一个副本（%2 个 GPU）</translation>
        </message>
        <message>
            <source>a template of their own (depth %1, TP %2, %3 replicas)</source>
            <translation>独立的模板（深度 %1，TP %2，%3 个副本）</translation>
        </message>
        <message>
            <source>a template of their own (depth %1, TP %2)</source>
            <translation>独立的模板（深度 %1，TP %2）</translation>
        </message>
        <message>
            <source>a new first stage (TP %1) of template %2</source>
            <translation>模板 %2 新的第一阶段（TP %1）</translation>
        </message>
        <message>
            <source>a new last stage (TP %1) of template %2</source>
            <translation>模板 %2 新的最后阶段（TP %1）</translation>
        </message>
        <message>
            <source>the best use of these %1 GPUs, as %2, would raise throughput by %3% (%4 → %5 seq/s), but the planner stopped before placing it</source>
            <translation>这 %1 个 GPU 的最佳用途是作为%2，可将吞吐量提高 %3%（%4 → %5 序列/秒），但规划器在放置前就停止了</translation>
        </message>
        <message>
            <source>the best use of these %1 GPUs, as %2, leaves throughput unchanged at %3 seq/s: the batch split, in whole micro-batches, gives it no share that shortens the iteration</source>
            <translation>这 %1 个 GPU 的最佳用途是作为%2，吞吐量仍为 %3 序列/秒：按整数个微批次切分批次时，它分不到能缩短迭代的份额</translation>
        </message>
        <message>
            <source>every use of these %1 GPUs lowers throughput; the best, as %2, gives %3 seq/s instead of %4 (-%5%): %6</source>
            <translation>这 %1 个 GPU 的任何用途都会降低吞吐量；最好的是作为%2，得到 %3 序列/秒而不是 %4（-%5%）：%6</translation>
        </message>
        <message>
            <source>as %1 these %2 GPUs would reach %3 seq/s, but the planner placed nothing</source>
            <translation>作为%1，这 %2 个 GPU 可达 %3 序列/秒，但规划器什么也没有放置</translation>
        </message>
        <message>
            <source>the best use of this GPU, as %2, would raise throughput by %3% (%4 → %5 seq/s), but the planner stopped before placing it</source>
            <translation>这个 GPU 的最佳用途是作为%2，可将吞吐量提高 %3%（%4 → %5 序列/秒），但规划器在放置前就停止了</translation>
        </message>
        <message>
            <source>the best use of this GPU, as %2, leaves throughput unchanged at %3 seq/s: the batch split, in whole micro-batches, gives it no share that shortens the iteration</source>
            <translation>这个 GPU 的最佳用途是作为%2，吞吐量仍为 %3 序列/秒：按整数个微批次切分批次时，它分不到能缩短迭代的份额</translation>
        </message>
        <message>
            <source>every use of this GPU lowers throughput; the best, as %2, gives %3 seq/s instead of %4 (-%5%): %6</source>
            <translation>这个 GPU 的任何用途都会降低吞吐量；最好的是作为%2，得到 %3 序列/秒而不是 %4（-%5%）：%6</translation>
        </message>
        <message>
            <source>as %1 this GPU would reach %3 seq/s, but the planner placed nothing</source>
            <translation>作为%1，这个 GPU 可达 %3 序列/秒，但规划器什么也没有放置</translation>
        </message>
        <message>
            <source>none of the %1 uses tried fits: %2</source>
            <translation>尝试过的 %1 种用途都放不下：%2</translation>
        </message>
        <message>
            <source>as %1, %2</source>
            <translation>作为%1：%2</translation>
        </message>
        <message>
            <source>it would be the straggler, its iteration taking %1 s where the plan takes %2 s</source>
            <translation>它会成为拖后腿者，每次迭代需要 %1 秒，而方案只需 %2 秒</translation>
        </message>
        <message>
            <source>the batch split leaves template %1 the straggler at %2 s where the plan takes %3 s</source>
            <translation>批次切分使模板 %1 成为拖后腿者，需要 %2 秒，而方案只需 %3 秒</translation>
        </message>
        <message>
            <source>the gradient sync of template %1 grows from %2 s to %3 s with more replicas in the all-reduce</source>
            <translation>all-reduce 中副本增多，使模板 %1 的梯度同步从 %2 秒增至 %3 秒</translation>
        </message>
        <message>
            <source>%1; %2</source>
            <translation>%1；%2</translation>
        </message>
        <message>
            <source>the free GPUs cannot hold another replica of template %1</source>
            <translation>空闲 GPU 容纳不下模板 %1 的又一个副本</translation>
        </message>
        <message>
            <source>template %1 has %2 virtual stages (needs at least 1)</source>
            <translation>模板 %1 有 %2 个虚拟阶段（至少需要 1 个）</translation>
        </message>
        <message>
            <source>stage %1 of template %2 holds %3 layers, fewer than its %4 virtual stages (every model chunk needs a layer)</source>
            <translation>模板 %2 的阶段 %1 只有 %3 层，少于其 %4 个虚拟阶段（每个模型块至少需要一层）</translation>
        </message>
        <message>
            <source>template %1 has %2 virtual stages with one stage (interleaving needs a pipeline)</source>
            <translation>模板 %1 只有一个阶段却有 %2 个虚拟阶段（交错调度需要流水线）</translation>
        </message>
        <message>
            <source>not in Sailor's plan: Sailor gives every stage one DP degree and each GPU type one TP degree per stage, and this plan's DP leaves these GPUs out</source>
            <translation>不在 Sailor 的计划中：Sailor 给每个阶段一个 DP 度、每种 GPU 类型每个阶段一个 TP 度，该计划的 DP 未用到这些 GPU</translation>
        </message>
        <message>
            <source>not in Metis's plan: its device groups are powers of two</source>
            <translation>不在 Metis 的计划中：其设备组大小为 2 的幂</translation>
        </message>
        <message>
            <source>not in AMP's plan: its uniform grid of TP x DP x PP fills GPU types in cluster order</source>
            <translation>不在 AMP 的计划中：其统一的 TP x DP x PP 网格按集群顺序填充各 GPU 类型</translation>
        </message>
        <message>
            <source>not in AMP's plan: the global batch of %1 is not divisible by the %2 GPUs, so AMP plans on %3, and its uniform grid fills GPU types in cluster order</source>
            <translation>不在 AMP 的计划中：全局批量 %1 不能被 %2 个 GPU 整除，因此 AMP 只在 %3 个 GPU 上规划，且其统一网格按集群顺序填充各 GPU 类型</translation>
        </message>
        <message>
            <source>the policy's state holds at most %1 GPU types and the composition has %2: the %1 with the most compute (GPUs × achievable TFLOP/s) were planned; %3 ranks %4 with %5 TFLOP/s at %6</source>
            <translation>策略状态最多容纳 %1 种 GPU 类型，而集群有 %2 种：只规划了算力最大（GPU 数 × 可达 TFLOP/s）的 %1 种；%3 排第 %4，%6 下共 %5 TFLOP/s</translation>
        </message>
        <message>
            <source>%1 (only %2 uses were tried before the planning budget ran out; a larger budget may find a better one)</source>
            <translation>%1（规划预算用完前只尝试了 %2 种用途；更大的预算也许能找到更好的用途）</translation>
        </message>
        <message>
            <source>not examined: the planning budget ran out before any use of the free %1 GPUs was priced</source>
            <translation>未检查：在为空闲的 %1 GPU 的任何用途估价之前，规划预算已用完</translation>
        </message>
        <message>
            <source>%1 greedy step</source>
            <translation>%1 个贪心步骤</translation>
        </message>
        <message>
            <source>%1 greedy step (stopped early)</source>
            <translation>%1 个贪心步骤（提前停止）</translation>
        </message>
        <message>
            <source>%1 (cancelled)</source>
            <translation>%1（已取消）</translation>
        </message>
        <message>
            <source>%1 (budget spent)</source>
            <translation>%1（预算已用完）</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>infeasible</source>
            <translation>不可行</translation>
        </message>
        <message>
            <source>cannot be placed: %1</source>
            <translation>无法放置：%1</translation>
        </message>
        <message>
            <source>replica %1 of stage %2 (%3) finds no %4 node with %5 free GPUs (%6 %4 GPUs left of %7; the pipeline needs %8 GPUs)</source>
            <translation>阶段 %2 的副本 %1（%3）找不到有 %5 个空闲 GPU 的 %4 节点（%7 个 %4 GPU 中剩 %6 个；流水线需要 %8 个 GPU）</translation>
        </message>
        <message>
            <source>ranks 1-%1 infeasible here (first: %2)</source>
            <translation>排名 1-%1 在此不可行（第一个：%2）</translation>
        </message>
        <message>
            <source>none feasible under our cost model (first: %1)</source>
            <translation>在我们的成本模型下都不可行（第一个：%1）</translation>
        </message>
        <message>
            <source>%1 is not in Sailor's network files: its links use the catalog's rates</source>
            <translation>%1 不在 Sailor 的网络文件中：其链路使用目录中的速率</translation>
        </message>
        <message>
            <source>no measured link from %1 %2 GPUs to %3 %4 GPUs: the catalog's rate is used</source>
            <translation>没有从 %1 个 %2 GPU 到 %3 个 %4 GPU 的实测链路：使用目录中的速率</translation>
        </message>
        <message>
            <source>depth %1 of %2, micro-batch %3</source>
            <translation>深度 %1/%2，微批次 %3</translation>
        </message>
        <message>
            <source>%1 plans ranked by Sailor's estimator</source>
            <translation>Sailor 的估算器排序了 %1 个方案</translation>
        </message>
        <message>
            <source>%1 (search stopped by the budget or cancel)</source>
            <translation>%1（搜索因预算或取消而停止）</translation>
        </message>
        <message>
            <source>%1 (more GPU types than Sailor's search handles here: none ranked)</source>
            <translation>%1（GPU 类型多于 Sailor 的搜索在此能处理的数量：未排序任何方案）</translation>
        </message>
        <message>
            <source>planned on one-GPU nodes (node sizes differ within a GPU type)</source>
            <translation>按单 GPU 节点规划（同一 GPU 类型内节点大小不同）</translation>
        </message>
        <message>
            <source>%1 candidates costed, %2 rejected as out of memory</source>
            <translation>已评估 %1 个候选，%2 个因内存不足被拒绝</translation>
        </message>
        <message>
            <source>%1 candidates costed by Metis's estimator over %2 inter-stage plans, %3 rejected as out of memory</source>
            <translation>Metis 的估算器在 %2 个阶段间方案上评估了 %1 个候选，%3 个因内存不足被拒绝</translation>
        </message>
        <message>
            <source>%1 (stopped at the budget)</source>
            <translation>%1（在预算处停止）</translation>
        </message>
        <message>
            <source>ranks 1-%1 not taken (%2 not expressible as templates; first: %3)</source>
            <translation>排名 1-%1 未采用（%2 个无法表示为模板；第一个：%3）</translation>
        </message>
        <message>
            <source>none usable (first: %1)</source>
            <translation>都不可用（第一个：%1）</translation>
        </message>
        <message>
            <source>rank %1 %2</source>
            <translation>排名 %1：%2</translation>
        </message>
        <message>
            <source>its layer split drops layers (%1 of %2 placed)</source>
            <translation>其层划分丢掉了层（%2 层中放置了 %1 层）</translation>
        </message>
        <message>
            <source>its stages have different DP degrees, which no template holds</source>
            <translation>其各阶段的 DP 度不同，没有模板能表示</translation>
        </message>
        <message>
            <source>stage %1 holds no layer</source>
            <translation>阶段 %1 没有层</translation>
        </message>
        <message>
            <source>a TP group of stage %1 spans two nodes</source>
            <translation>阶段 %1 的一个 TP 组跨越两个节点</translation>
        </message>
        <message>
            <source>AMP candidates</source>
            <translation>AMP 候选</translation>
        </message>
        <message>
            <source>%1 of %2 AMP candidates ranked by AMP's estimator (%3)</source>
            <translation>AMP 的估算器排序了 %2 个 AMP 候选中的 %1 个（%3）</translation>
        </message>
        <message>
            <source>the cost model's fwd+bwd at micro-batch 1</source>
            <translation>成本模型在微批次 1 时的前向+反向时间</translation>
        </message>
        <message>
            <source>Sailor's forward times at micro-batch 1, x3</source>
            <translation>Sailor 在微批次 1 时的前向时间 ×3</translation>
        </message>
        <message>
            <source>%1 (stopped by the budget or cancel)</source>
            <translation>%1（因预算或取消而停止）</translation>
        </message>
        <message>
            <source>the global batch of %1 is not divisible by the %2 GPUs, so AMP plans on %3</source>
            <translation>全局批量 %1 不能被 %2 个 GPU 整除，因此 AMP 在 %3 个 GPU 上规划</translation>
        </message>
        <message>
            <source>planned on one-GPU nodes (node sizes differ)</source>
            <translation>按单 GPU 节点规划（节点大小不同）</translation>
        </message>
        <message>
            <source>%1 leaves of the cost tree, best %2 seq/s</source>
            <translation>成本树的 %1 个叶子，最佳 %2 序列/秒</translation>
        </message>
        <message>
            <source>nodes as they are</source>
            <translation>按原样读取节点</translation>
        </message>
        <message>
            <source>one-GPU-per-node reading (node sizes differ within a type)</source>
            <translation>按每节点一个 GPU 读取（同一类型内节点大小不同）</translation>
        </message>
        <message>
            <source>%1; %2 cost-tree leaves placed, %3 branches pruned by the lower bound</source>
            <translation>%1；放置了 %2 个成本树叶子，%3 个分支被下界剪去</translation>
        </message>
        <message>
            <source>chosen: TP %1, DP %2, depth %3, micro-batch %4, its estimate %5 s per iteration</source>
            <translation>选定：TP %1，DP %2，深度 %3，微批次 %4，其估计每次迭代 %5 秒</translation>
        </message>
        <message>
            <source>no plan our cost model finds feasible</source>
            <translation>没有我们的成本模型认为可行的方案</translation>
        </message>
        <message>
            <source>%1 better-ranked plans infeasible by our cost model (%2)</source>
            <translation>%1 个排名更高的方案在我们的成本模型下不可行（%2）</translation>
        </message>
        <message>
            <source>no plan: %1</source>
            <translation>无方案：%1</translation>
        </message>
        <message>
            <source>the model has no transformer block for HexiScale to split</source>
            <translation>该模型没有可供 HexiScale 划分的 Transformer 块</translation>
        </message>
        <message>
            <source>no plan: HexiScale sweeps 1 .. GPUs / 5 pipelines, and %1 GPUs leave none</source>
            <translation>无方案：HexiScale 遍历 1 .. GPU 数/5 条流水线，而 %1 个 GPU 一条也不够</translation>
        </message>
        <message>
            <source>%1 of %2 pipeline counts, chosen %3 pipelines (%4 seq/s)</source>
            <translation>流水线数量 %1/%2，选定 %3 条流水线（%4 序列/秒）</translation>
        </message>
        <message>
            <source>%1 of %2 pipeline counts swept, %3 candidates ranked by HexiScale's estimator (%4 out of memory by its memory model, %5 with a stage of no block, %6 partitions short of pipelines)</source>
            <translation>遍历了 %2 个流水线数量中的 %1 个，HexiScale 的估算器排序了 %3 个候选（%4 个按其内存模型内存不足，%5 个有不含块的阶段，%6 个划分的流水线不足）</translation>
        </message>
        <message>
            <source>chosen: %1 pipelines, its estimate %2 s per iteration</source>
            <translation>选定：%1 条流水线，其估计每次迭代 %2 秒</translation>
        </message>
        <message>
            <source>no candidate our cost model finds feasible</source>
            <translation>没有我们的成本模型认为可行的候选</translation>
        </message>
        <message>
            <source>%1 better-ranked candidates infeasible by our cost model (%2)</source>
            <translation>%1 个排名更高的候选在我们的成本模型下不可行（%2）</translation>
        </message>
        <message>
            <source>%1 structures, %2 evaluations, best %3 seq/s</source>
            <translation>%1 个结构，%2 次评估，最佳 %3 序列/秒</translation>
        </message>
        <message>
            <source>%1 coarse structures drawn, %2 layer moves priced</source>
            <translation>抽取了 %1 个粗粒度结构，评估了 %2 次层移动</translation>
        </message>
        <message>
            <source>%1 coarse structures drawn, %2 layer moves priced (stopped: 100,000 draws in a row gave no new structure)</source>
            <translation>抽取了 %1 个粗粒度结构，评估了 %2 次层移动（已停止：连续 100,000 次抽取没有新结构）</translation>
        </message>
        <message>
            <source>%1 policy rollouts</source>
            <translation>%1 次策略展开</translation>
        </message>
        <message>
            <source>%1 of %2 GPU types planned (the policy's state holds %3); left out: %4</source>
            <translation>规划了 %2 种 GPU 类型中的 %1 种（策略状态最多容纳 %3 种）；未纳入：%4</translation>
        </message>
        <message>
            <source>%1 (%2 GPUs)</source>
            <translation>%1（%2 个 GPU）</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1、%2</translation>
        </message>
        <message>
            <source>%1 has no %2 matmul units (0 TFLOP/s at %2), so no plan trained in %2 can use it (precisions it can train in: %3)</source>
            <translation>%1 没有 %2 矩阵运算单元（%2 下为 0 TFLOP/s），因此以 %2 训练的方案都无法使用它（它可以训练的精度：%3）</translation>
        </message>
        <message>
            <source>%1 policy rollouts (1 greedy, %2 greedy from another first depth, GPU type and TP, %3 sampled, %4 exploring, %5 with one decision changed, %6 with a depth and a TP degree changed; %7 stage orders, %8 stage edits, %9 appended templates)</source>
            <translation>%1 次策略展开（1 次贪心，%2 次从其他首个深度、GPU 类型和 TP 出发的贪心，%3 次采样，%4 次探索，%5 次改变一个决策，%6 次改变深度和 TP 度；%7 种阶段顺序，%8 次阶段编辑，%9 个追加的模板）</translation>
        </message>
        <message>
            <source>the template appends then used %1, which the rollouts had left out</source>
            <translation>随后追加的模板使用了 rollout 未纳入的 %1</translation>
        </message>
        <message>
            <source>TP %1 cannot split %2: its %3 attention heads and %4 query groups must each be a multiple of the TP degree (Megatron-LM gives every rank of a TP group the same number of each)</source>
            <translation>TP %1 无法切分 %2：其 %3 个注意力头和 %4 个查询组都必须是 TP 度的整数倍（Megatron-LM 让 TP 组的每个 rank 分到相同数量）</translation>
        </message>
        <message>
            <source>TP %1 cannot split %2: its MLP width %3 must be a multiple of the TP degree (Megatron-LM's row-parallel layer gives every rank of a TP group the same share)</source>
            <translation>TP %1 无法切分 %2：其 MLP 宽度 %3 必须是 TP 度的整数倍（Megatron-LM 的行并行层让 TP 组的每个 rank 分到相同份额）</translation>
        </message>
        <message>
            <source>EP %1 x ETP %2 x EDP %3: the expert MLP width %4 is not a multiple of ETP %2 (Megatron-LM's grouped expert layers give every rank of an ETP group the same share)</source>
            <translation>EP %1 × ETP %2 × EDP %3：专家 MLP 宽度 %4 不是 ETP %2 的整数倍（Megatron-LM 的分组专家层让 ETP 组的每个 rank 分到相同份额）</translation>
        </message>
        <message>
            <source>template %1 has %2 virtual stages, but DeepSpeed's pipeline engine has no interleaved schedule</source>
            <translation>模板 %1 有 %2 个虚拟阶段，但 DeepSpeed 的流水线引擎没有交错调度</translation>
        </message>
        <message>
            <source>node %1</source>
            <translation>节点 %1</translation>
        </message>
        <message>
            <source>+ %1:%2 (%3)</source>
            <translation>+ %1:%2（%3）</translation>
        </message>
        <message>
            <source>- %1</source>
            <translation>- %1</translation>
        </message>
        <message>
            <source>join (no node)</source>
            <translation>加入（无节点）</translation>
        </message>
        <message>
            <source>leave (no node)</source>
            <translation>离开（无节点）</translation>
        </message>
        <message>
            <source>fail (no node)</source>
            <translation>故障（无节点）</translation>
        </message>
        <message>
            <source>%1 (leaves)</source>
            <translation>%1（离开）</translation>
        </message>
        <message>
            <source>%1 (fails)</source>
            <translation>%1（故障）</translation>
        </message>
        <message>
            <source>the job starts on the planner's plan</source>
            <translation>作业以规划器的方案开始</translation>
        </message>
        <message>
            <source>the planner found no plan for the starting composition; the job waits for a change</source>
            <translation>规划器没有为初始集群找到方案；作业等待变化</translation>
        </message>
        <message>
            <source>replanned from scratch (the paper's protocol): the new plan replaces the running one</source>
            <translation>从头重新规划（论文的协议）：新方案取代正在运行的方案</translation>
        </message>
        <message>
            <source>the job restarts on the planner's plan</source>
            <translation>作业以规划器的方案重新启动</translation>
        </message>
        <message>
            <source>kept: the planner found no plan for the new composition; the running plan goes on</source>
            <translation>保留：规划器没有为新集群找到方案；正在运行的方案继续</translation>
        </message>
        <message>
            <source>kept: the planner found no plan for the new composition; the running plan goes on at %1 seq/s</source>
            <translation>保留：规划器没有为新集群找到方案；正在运行的方案以 %1 序列/秒继续</translation>
        </message>
        <message>
            <source>stopped: the running plan used GPUs that are gone and the planner found no plan for what is left</source>
            <translation>已停止：正在运行的方案使用了已离开的 GPU，规划器也没有为剩余部分找到方案</translation>
        </message>
        <message>
            <source>the planner found no plan; the job still waits</source>
            <translation>规划器没有找到方案；作业继续等待</translation>
        </message>
        <message>
            <source>changed: the running plan used GPUs that are gone, so it cannot go on; the new plan runs at %1 seq/s after a %2 s stall</source>
            <translation>已更换：正在运行的方案使用了已离开的 GPU，无法继续；新方案在 %2 秒停顿后以 %1 序列/秒运行</translation>
        </message>
        <message>
            <source>changed: the new plan's %1 seq/s over the remaining %2 s, less a %3 s stall, trains %4 sequences, more than the running plan's %5 at %6 seq/s</source>
            <translation>已更换：新方案以 %1 序列/秒在剩余的 %2 秒内（扣除 %3 秒停顿）训练 %4 个序列，多于正在运行的方案以 %6 序列/秒训练的 %5 个</translation>
        </message>
        <message>
            <source>kept: the new plan's %1 seq/s over the remaining %2 s, less a %3 s stall, trains %4 sequences, no more than the running plan's %5 at %6 seq/s</source>
            <translation>保留：新方案以 %1 序列/秒在剩余的 %2 秒内（扣除 %3 秒停顿）训练 %4 个序列，不多于正在运行的方案以 %6 序列/秒训练的 %5 个</translation>
        </message>
        <message>
            <source>nothing moves</source>
            <translation>无需传输</translation>
        </message>
        <message>
            <source>a GPU of node %1 receives %2 GB inside its node at %3 GB/s</source>
            <translation>节点 %1 的一个 GPU 在节点内以 %3 GB/s 接收 %2 GB</translation>
        </message>
        <message>
            <source>a GPU of node %1 sends %2 GB inside its node at %3 GB/s</source>
            <translation>节点 %1 的一个 GPU 在节点内以 %3 GB/s 发送 %2 GB</translation>
        </message>
        <message>
            <source>node %1 receives %2 GB over its network link at %3 GB/s</source>
            <translation>节点 %1 通过其网络链路以 %3 GB/s 接收 %2 GB</translation>
        </message>
        <message>
            <source>node %1 sends %2 GB over its network link at %3 GB/s</source>
            <translation>节点 %1 通过其网络链路以 %3 GB/s 发送 %2 GB</translation>
        </message>
        <message>
            <source>node %1 reads %2 GB from the checkpoint at %3 GB/s</source>
            <translation>节点 %1 以 %3 GB/s 从检查点读取 %2 GB</translation>
        </message>
        <message>
            <source>node %1 (%2, %3 GPUs) has %4 GPUs placed on it (%5 too many; template %6)</source>
            <translation>节点 %1（%2，%3 个 GPU）上放置了 %4 个 GPU（多出 %5 个；模板 %6）</translation>
        </message>
        <message>
            <source>%1 strategies skipped before costing (a micro-batch under one sequence or over Metis's largest, %2, or a TP degree over its largest, %3)</source>
            <translation>%1 个策略在评估前被跳过（微批次不足一个序列或超过 Metis 的最大值 %2，或 TP 度超过其最大值 %3）</translation>
        </message>
        <message>
            <source>%1 inter-stage plans dropped for a missing profile</source>
            <translation>%1 个阶段间方案因缺少剖析数据而被丢弃</translation>
        </message>
        <message>
            <source>activation checkpointing is off: with it a stage keeps only each layer's input between its forward and backward passes</source>
            <translation>激活检查点已关闭：开启后，每个阶段在前向与反向传播之间只保留每层的输入</translation>
        </message>
        <message>
            <source>stopped early: no plan can fit, since every plan needs at least %1 GiB (one copy of the weights, gradients and optimizer state and one micro-batch's activations of every layer, with the allocator's slack) and the GPUs hold %2 GiB after the framework's %3 GiB each</source>
            <translation>提前停止：没有计划能放下，因为每个计划至少需要 %1 GiB（每一层的权重、梯度和优化器状态各一份，以及一个 micro-batch 的激活值，含分配器余量），而扣除框架每块 GPU %3 GiB 后，所有 GPU 只能容纳 %2 GiB</translation>
        </message>
        <message>
            <source>stopped early: no plan can fit, since a pipeline holds every layer and one of at most %1 stages, each a TP group on one node, holds at most %2 of the model's %3 layers on these GPUs (each layer at least its weights, gradients and optimizer state and one micro-batch's activations, with the allocator's slack, in the memory left after the framework's %4 GiB per GPU)</source>
            <translation>提前停止：没有计划能放下，因为每条流水线都要容纳每一层，而在这些 GPU 上，一条至多 %1 个阶段（每个阶段是同一节点上的一个 TP 组）的流水线至多容纳模型 %3 层中的 %2 层（每层至少包括其权重、梯度和优化器状态以及一个 micro-batch 的激活值，含分配器余量，放在扣除框架每块 GPU %4 GiB 后的显存中）</translation>
        </message>
    </context>
</TS>
