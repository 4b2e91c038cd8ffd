// Every sentence and word of the core that can reach a user, in English with %1..%9 for the
// values of a Reason. The GUI's translation tools read this file (ARACHNE_TEXT marks the
// strings for lupdate), so a new text here is a new string for translators; add it to all() too.
#pragma once

#include <vector>

#define ARACHNE_TEXT(text) text

namespace arachne::text {

// A sentence that is data (a reason read from a file): shown as it is.
inline constexpr const char* kVerbatim = ARACHNE_TEXT("%1");

// ---- Words (ReasonArg::Kind::Term) ---------------------------------------------------------
// Memory components, as Violation::component and the largest-component messages name them.
inline constexpr const char* kParams = ARACHNE_TEXT("params");
inline constexpr const char* kGrads = ARACHNE_TEXT("grads");
inline constexpr const char* kOptimizer = ARACHNE_TEXT("optimizer");
inline constexpr const char* kActivations = ARACHNE_TEXT("activations");
inline constexpr const char* kOther = ARACHNE_TEXT("other");
inline constexpr const char* kNone = ARACHNE_TEXT("none");
// Links of a stage report.
inline constexpr const char* kIntraNode = ARACHNE_TEXT("intra-node");
inline constexpr const char* kInterNode = ARACHNE_TEXT("inter-node");

// ---- The cost model's violations (core/cost/plan_pricer.cpp) --------------------------------
inline constexpr const char* kStageName = ARACHNE_TEXT("stage %1 of template %2 (%3, TP %4, layers %5-%6)");
inline constexpr const char* kPlanNoTemplates = ARACHNE_TEXT("the plan has no templates");
inline constexpr const char* kTemplateReplicas = ARACHNE_TEXT("template %1 has %2 replicas (needs at least 1)");
inline constexpr const char* kTemplateMicroBatch = ARACHNE_TEXT("template %1 has micro-batch size %2 (needs at least 1)");
inline constexpr const char* kTemplateMicroBatches = ARACHNE_TEXT("template %1 has %2 micro-batches per replica (needs at least 1)");
inline constexpr const char* kTemplateNoStages = ARACHNE_TEXT("template %1 has no stages");
inline constexpr const char* kTemplateVirtualStages = ARACHNE_TEXT("template %1 has %2 virtual stages (needs at least 1)");
inline constexpr const char* kStageFewerLayersThanChunks = ARACHNE_TEXT("stage %1 of template %2 holds %3 layers, fewer than its %4 virtual stages (every model chunk needs a layer)");
inline constexpr const char* kTemplateVirtualDeepSpeed = ARACHNE_TEXT("template %1 has %2 virtual stages, but DeepSpeed's pipeline engine has no interleaved schedule");
inline constexpr const char* kTemplateVirtualOneStage = ARACHNE_TEXT("template %1 has %2 virtual stages with one stage (interleaving needs a pipeline)");
inline constexpr const char* kStageLayers = ARACHNE_TEXT("stage %1 of template %2 holds layers %3-%4 and %5");
inline constexpr const char* kStartsAtLayer = ARACHNE_TEXT("starts at layer %1, expected %2");
inline constexpr const char* kEndsBeforeStart = ARACHNE_TEXT("ends before it starts");
inline constexpr const char* kEndsPastLast = ARACHNE_TEXT("ends past the model's last layer %1");
inline constexpr const char* kUnknownGpuType = ARACHNE_TEXT("stage %1 of template %2 wants GPU type '%3', which the composition does not have (it has: %4)");
inline constexpr const char* kStageTp = ARACHNE_TEXT("%1 has TP %2 (needs at least 1)");
inline constexpr const char* kStageNodeIds = ARACHNE_TEXT("%1 lists %2 node ids for %3 replicas");
inline constexpr const char* kStageUnknownNode = ARACHNE_TEXT("%1 is placed on node %2, which is not in the composition");
inline constexpr const char* kStageWrongNodeType = ARACHNE_TEXT("%1 is placed on node %2, which holds %3 GPUs");
inline constexpr const char* kTpExceedsNode = ARACHNE_TEXT("%1: a TP group of %2 GPUs does not fit node %3 of %4 GPUs (a TP group never crosses a node)");
inline constexpr const char* kOutsideSearchSpace = ARACHNE_TEXT("%1 is outside the search space: %2");
inline constexpr const char* kBadTiling = ARACHNE_TEXT("%1: expert tiling %2");
inline constexpr const char* kLayersNotPlaced = ARACHNE_TEXT("template %1 covers layers 0-%2 of 0-%3: layers %4-%3 are not placed");
inline constexpr const char* kNodeOvercommitted = ARACHNE_TEXT("node %1 (%2, %3 GPUs) has %4 GPUs placed on it (%5 too many; templates %6)");
// The same when one template alone over-commits the node ("templates 1" read as a slip).
inline constexpr const char* kNodeOvercommitted1 = ARACHNE_TEXT("node %1 (%2, %3 GPUs) has %4 GPUs placed on it (%5 too many; template %6)");
inline constexpr const char* kBatchTooSmall = ARACHNE_TEXT("the global batch of %1 sequences cannot give every replica one micro-batch: that takes %2 sequences (sum of replicas x micro-batch size)");
inline constexpr const char* kMicroBatchesCover = ARACHNE_TEXT("the plan's micro-batches cover %1 sequences per iteration, fewer than the global batch of %2");
inline constexpr const char* kMicroBatchesOvershoot = ARACHNE_TEXT("the plan's micro-batches hold %1 sequences per iteration, twice the global batch of %2 or more: more than rounding to whole micro-batches explains");
inline constexpr const char* kOutOfMemory = ARACHNE_TEXT("%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB");
inline constexpr const char* kOutOfMemoryInFlight1 = ARACHNE_TEXT("%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB (1 micro-batch in flight)");
inline constexpr const char* kOutOfMemoryInFlight = ARACHNE_TEXT("%1: needs %2 GiB of %3 GiB (%4 GiB over); largest component: %5 %6 GiB (%7 micro-batches in flight)");

// ---- Profiles and expert tiling (core/profile, core/cost/cost_model.cpp) --------------------
inline constexpr const char* kNoProfileEntry = ARACHNE_TEXT("no profile entry for (%1, TP %2, mbs %3, %4): %5");
inline constexpr const char* kNotInProfileSet = ARACHNE_TEXT("%1 is not in profile set '%2' (profiled: %3)");
inline constexpr const char* kTpNotProfiled = ARACHNE_TEXT("TP %1 was not profiled for %2 (profiled: %3)");
inline constexpr const char* kMbsNotProfiled = ARACHNE_TEXT("micro-batch %1 was not profiled for (%2, TP %3) (profiled: %4)");
inline constexpr const char* kLayerNotProfiled = ARACHNE_TEXT("layer type '%1' was not profiled for (%2, TP %3, mbs %4) (a measured profile may lack it because it ran out of memory)");
inline constexpr const char* kNoProfile = ARACHNE_TEXT("no profile for (%1, TP %2, mbs %3)");
inline constexpr const char* kTpSplitsModel = ARACHNE_TEXT("TP %1 cannot split %2: its %3 attention heads and %4 query groups must each be a multiple of the TP degree (Megatron-LM gives every rank of a TP group the same number of each)");
inline constexpr const char* kTpSplitsMlp = ARACHNE_TEXT("TP %1 cannot split %2: its MLP width %3 must be a multiple of the TP degree (Megatron-LM's row-parallel layer gives every rank of a TP group the same share)");
inline constexpr const char* kNoPrecisionRate = ARACHNE_TEXT("%1 has no %2 rate");
inline constexpr const char* kTilingFactors = ARACHNE_TEXT("EP %1 x ETP %2 x EDP %3: every factor must be at least 1");
inline constexpr const char* kTilingGpus = ARACHNE_TEXT("EP %1 x ETP %2 x EDP %3 = %4 GPUs, but the stage has %5 (TP %6 x %7 replicas)");
inline constexpr const char* kTilingEtp = ARACHNE_TEXT("EP %1 x ETP %2 x EDP %3: ETP %2 does not divide TP %4 (ETP is node bound like TP)");
inline constexpr const char* kTilingExperts = ARACHNE_TEXT("EP %1 x ETP %2 x EDP %3: %4 experts are not divisible by EP %1");
inline constexpr const char* kTilingExpertWidth = ARACHNE_TEXT("EP %1 x ETP %2 x EDP %3: the expert MLP width %4 is not a multiple of ETP %2 (Megatron-LM's grouped expert layers give every rank of an ETP group the same share)");

// ---- The fill (core/planning/template_fill.cpp, template_place.cpp) -------------------------
inline constexpr const char* kTemplateIncomplete = ARACHNE_TEXT("the template is not complete");
inline constexpr const char* kDepthExceedsLayers = ARACHNE_TEXT("depth %1 exceeds the model's %2 layers");
inline constexpr const char* kNoReplicaFits = ARACHNE_TEXT("the free nodes cannot hold one replica of the template");
inline constexpr const char* kBatchSpread = ARACHNE_TEXT("the global batch of %1 sequences is already spread one micro-batch per replica over the plan");
inline constexpr const char* kNoCommonMicroBatch = ARACHNE_TEXT("no micro-batch size is profiled for every stage of the template");
inline constexpr const char* kMicroBatchExceedsBatch = ARACHNE_TEXT("micro-batch %1 exceeds the %2 sequences of the global batch left");
inline constexpr const char* kFillStageText = ARACHNE_TEXT("%1 TP %2");
inline constexpr const char* kFillOutOfMemory = ARACHNE_TEXT("at micro-batch %1 stage %2 (%3) needs %4 GiB of %5 GiB under every split tried (largest component: %6)");
inline constexpr const char* kFillNoProfile = ARACHNE_TEXT("at micro-batch %1 a stage has no profile for its layers");
inline constexpr const char* kFillViolation = ARACHNE_TEXT("at micro-batch %1: %2");
inline constexpr const char* kNoMicroBatchFits = ARACHNE_TEXT("no micro-batch size fits");
inline constexpr const char* kLayerCounts = ARACHNE_TEXT("%1 layer counts for %2 stages");
inline constexpr const char* kStageHoldsLayers = ARACHNE_TEXT("a stage holds %1 layers");
inline constexpr const char* kStagesHoldLayers = ARACHNE_TEXT("the stages hold %1 layers, the model has %2");
inline constexpr const char* kReplicasRequested = ARACHNE_TEXT("%1 replicas requested, the free nodes hold %2");
inline constexpr const char* kReplicasExceedBatch = ARACHNE_TEXT("%1 replicas of micro-batch %2 exceed the %3 sequences of the global batch left");
inline constexpr const char* kMicroBatchNotProfiled = ARACHNE_TEXT("micro-batch %1 is not profiled for %2 TP %3");
inline constexpr const char* kReplicasDoNotFit = ARACHNE_TEXT("the free nodes cannot hold %1 replicas of the template");
inline constexpr const char* kCostModelRejects = ARACHNE_TEXT("the cost model rejects the template");

// ---- Construction and planners ----------------------------------------------------------------
inline constexpr const char* kStepInfeasible = ARACHNE_TEXT("infeasible: %1");
inline constexpr const char* kProgressPlans = ARACHNE_TEXT("%1 plans, best %2 seq/s");
inline constexpr const char* kGreedyProgress = ARACHNE_TEXT("step %1: %2/%3 templates tried");
inline constexpr const char* kGreedySteps = ARACHNE_TEXT("%1 greedy steps");
inline constexpr const char* kGreedyStepsStopped = ARACHNE_TEXT("%1 greedy steps (stopped early)");
inline constexpr const char* kGreedyStep1 = ARACHNE_TEXT("%1 greedy step");
inline constexpr const char* kGreedyStepStopped1 = ARACHNE_TEXT("%1 greedy step (stopped early)");
inline constexpr const char* kRandomEpisodes = ARACHNE_TEXT("%1 random episodes");
inline constexpr const char* kRandomEpisodesExhausted = ARACHNE_TEXT("%1 random episodes (stopped: the last %2 drew only plans already priced)");
inline constexpr const char* kExhaustiveEstimating = ARACHNE_TEXT("estimating the search space (%1)");
inline constexpr const char* kExhaustiveCancelledEstimating = ARACHNE_TEXT("cancelled while estimating the search space");
inline constexpr const char* kExhaustiveRefused = ARACHNE_TEXT("refused: the space holds up to %1 plans even with %2 (%3 first templates with every stage order); at %4 us per plan that is more than %5, beyond the budget of %6");
inline constexpr const char* kExhaustiveSearched = ARACHNE_TEXT("searched %1: %2 plans priced (estimate %3)");
inline constexpr const char* kExhaustiveCancelled = ARACHNE_TEXT("cancelled while searching %1: %2 plans priced (estimate %3)");
inline constexpr const char* kExhaustiveBudgetEnded = ARACHNE_TEXT("budget ended while searching %1: %2 plans priced (estimate %3)");
inline constexpr const char* kEvaluations = ARACHNE_TEXT("%1 evaluations");
inline constexpr const char* kSeconds1 = ARACHNE_TEXT("%1 s");
inline constexpr const char* kMinutes = ARACHNE_TEXT("%1 min");
inline constexpr const char* kHours = ARACHNE_TEXT("%1 h");
inline constexpr const char* kYears = ARACHNE_TEXT("%1 years");
inline constexpr const char* kEveryStageOrder = ARACHNE_TEXT("every stage order");
inline constexpr const char* kTypeBlocks = ARACHNE_TEXT("contiguous GPU-type blocks, every TP order");
inline constexpr const char* kSortedBlocks = ARACHNE_TEXT("contiguous GPU-type blocks, TP non-increasing");
inline constexpr const char* kPolicyFallback = ARACHNE_TEXT("warning: the %1 policy cannot be used (%2); planned with greedy");

// ---- Why GPUs are unused (core/planning/unused_gpu_explainer.cpp) ---------------------------
inline constexpr const char* kUnusedWithheldType = ARACHNE_TEXT("the policy's state holds at most %1 GPU types and the composition has %2: the %1 with the most compute (GPUs × achievable TFLOP/s) were planned; %3 ranks %4 with %5 TFLOP/s at %6");
inline constexpr const char* kUnusedNotUsable = ARACHNE_TEXT("no TP degree is profiled for %1, so it is outside the search space");
inline constexpr const char* kUnusedNoPrecision = ARACHNE_TEXT("%1 has no %2 matmul units (0 TFLOP/s at %2), so no plan trained in %2 can use it (precisions it can train in: %3)");
inline constexpr const char* kUnusedBatchUsed = ARACHNE_TEXT("the global batch of %1 sequences already gives every replica of the plan just one micro-batch");
inline constexpr const char* kUnusedPartial = ARACHNE_TEXT("%1 of its %2 GPUs are free; %3");
inline constexpr const char* kUseReplica = ARACHNE_TEXT("another replica of template %1 (%2 GPUs)");
inline constexpr const char* kUseOwn = ARACHNE_TEXT("a template of their own (depth %1, TP %2, %3 replicas)");
inline constexpr const char* kUseOwnShape = ARACHNE_TEXT("a template of their own (depth %1, TP %2)");
inline constexpr const char* kUseJoinFirst = ARACHNE_TEXT("a new first stage (TP %1) of template %2");
inline constexpr const char* kUseJoinLast = ARACHNE_TEXT("a new last stage (TP %1) of template %2");
inline constexpr const char* kUnusedHigher = ARACHNE_TEXT("the best use of these %1 GPUs, as %2, would raise throughput by %3% (%4 → %5 seq/s), but the planner stopped before placing it");
inline constexpr const char* kUnusedUnchanged = ARACHNE_TEXT("the best use of these %1 GPUs, as %2, leaves throughput unchanged at %3 seq/s: the batch split, in whole micro-batches, gives it no share that shortens the iteration");
inline constexpr const char* kUnusedLower = ARACHNE_TEXT("every use of these %1 GPUs lowers throughput; the best, as %2, gives %3 seq/s instead of %4 (-%5%): %6");
inline constexpr const char* kUnusedNothingPlaced = ARACHNE_TEXT("as %1 these %2 GPUs would reach %3 seq/s, but the planner placed nothing");
inline constexpr const char* kUnusedHigher1 = ARACHNE_TEXT("the best use of this GPU, as %2, would raise throughput by %3% (%4 → %5 seq/s), but the planner stopped before placing it");
inline constexpr const char* kUnusedUnchanged1 = ARACHNE_TEXT("the best use of this GPU, as %2, leaves throughput unchanged at %3 seq/s: the batch split, in whole micro-batches, gives it no share that shortens the iteration");
inline constexpr const char* kUnusedLower1 = ARACHNE_TEXT("every use of this GPU lowers throughput; the best, as %2, gives %3 seq/s instead of %4 (-%5%): %6");
inline constexpr const char* kUnusedNothingPlaced1 = ARACHNE_TEXT("as %1 this GPU would reach %3 seq/s, but the planner placed nothing");
inline constexpr const char* kUnusedNoUse = ARACHNE_TEXT("none of the %1 uses tried fits: %2");
inline constexpr const char* kHintCheckpointing = ARACHNE_TEXT("activation checkpointing is off: with it a stage keeps only each layer's input between its forward and backward passes");
inline constexpr const char* kUnusedCut = ARACHNE_TEXT("%1 (only %2 uses were tried before the planning budget ran out; a larger budget may find a better one)");
inline constexpr const char* kUnusedNotExamined = ARACHNE_TEXT("not examined: the planning budget ran out before any use of the free %1 GPUs was priced");
inline constexpr const char* kUnusedAs = ARACHNE_TEXT("as %1, %2");
inline constexpr const char* kStragglerItself = ARACHNE_TEXT("it would be the straggler, its iteration taking %1 s where the plan takes %2 s");
inline constexpr const char* kStragglerOther = ARACHNE_TEXT("the batch split leaves template %1 the straggler at %2 s where the plan takes %3 s");
inline constexpr const char* kGradSyncGrows = ARACHNE_TEXT("the gradient sync of template %1 grows from %2 s to %3 s with more replicas in the all-reduce");
inline constexpr const char* kJoinClauses = ARACHNE_TEXT("%1; %2");
inline constexpr const char* kNoFreeReplica = ARACHNE_TEXT("the free GPUs cannot hold another replica of template %1");

// ---- The baselines' own reasons for GPUs their plan leaves out (core/planning/baselines) ------
inline constexpr const char* kUnusedSailor = ARACHNE_TEXT("not in Sailor's plan: Sailor gives every stage one DP degree and each GPU type one TP degree per stage, and this plan's DP leaves these GPUs out");
inline constexpr const char* kUnusedMetis = ARACHNE_TEXT("not in Metis's plan: its device groups are powers of two");
inline constexpr const char* kUnusedAmp = ARACHNE_TEXT("not in AMP's plan: its uniform grid of TP x DP x PP fills GPU types in cluster order");
inline constexpr const char* kUnusedAmpBatch = ARACHNE_TEXT("not in AMP's plan: the global batch of %1 is not divisible by the %2 GPUs, so AMP plans on %3, and its uniform grid fills GPU types in cluster order");

// ---- The baselines' and the learned planners' run messages and progress lines ---------------
// Composed from clauses (kJoinClauses); the English of every message is what it was when the
// planners built it as a string.
inline constexpr const char* kRunCancelled = ARACHNE_TEXT("%1 (cancelled)");
inline constexpr const char* kRunBudgetSpent = ARACHNE_TEXT("%1 (budget spent)");
inline constexpr const char* kCandidateProblem = ARACHNE_TEXT("%1: %2");
inline constexpr const char* kInfeasible = ARACHNE_TEXT("infeasible");
inline constexpr const char* kCannotBePlaced = ARACHNE_TEXT("cannot be placed: %1");
inline constexpr const char* kPlacementNoNode = ARACHNE_TEXT("replica %1 of stage %2 (%3) finds no %4 node with %5 free GPUs (%6 %4 GPUs left of %7; the pipeline needs %8 GPUs)");
inline constexpr const char* kRanksInfeasible = ARACHNE_TEXT("ranks 1-%1 infeasible here (first: %2)");
inline constexpr const char* kNoneFeasibleFirst = ARACHNE_TEXT("none feasible under our cost model (first: %1)");
inline constexpr const char* kNetNotInSailor = ARACHNE_TEXT("%1 is not in Sailor's network files: its links use the catalog's rates");
inline constexpr const char* kNetNoMeasuredLink = ARACHNE_TEXT("no measured link from %1 %2 GPUs to %3 %4 GPUs: the catalog's rate is used");
inline constexpr const char* kSailorProgress = ARACHNE_TEXT("depth %1 of %2, micro-batch %3");
inline constexpr const char* kSailorRanked = ARACHNE_TEXT("%1 plans ranked by Sailor's estimator");
inline constexpr const char* kSailorStopped = ARACHNE_TEXT("%1 (search stopped by the budget or cancel)");
inline constexpr const char* kSailorTooManyTypes = ARACHNE_TEXT("%1 (more GPU types than Sailor's search handles here: none ranked)");
inline constexpr const char* kSailorOneGpuNodes = ARACHNE_TEXT("planned on one-GPU nodes (node sizes differ within a GPU type)");
inline constexpr const char* kMetisProgress = ARACHNE_TEXT("%1 candidates costed, %2 rejected as out of memory");
inline constexpr const char* kMetisCosted = ARACHNE_TEXT("%1 candidates costed by Metis's estimator over %2 inter-stage plans, %3 rejected as out of memory");
inline constexpr const char* kMetisStopped = ARACHNE_TEXT("%1 (stopped at the budget)");
inline constexpr const char* kMetisOutsideProfiles = ARACHNE_TEXT("%1 strategies skipped before costing (a micro-batch under one sequence or over Metis's largest, %2, or a TP degree over its largest, %3)");
inline constexpr const char* kMetisMissingProfile = ARACHNE_TEXT("%1 inter-stage plans dropped for a missing profile");
inline constexpr const char* kMetisNotTaken = ARACHNE_TEXT("ranks 1-%1 not taken (%2 not expressible as templates; first: %3)");
inline constexpr const char* kMetisNoneUsable = ARACHNE_TEXT("none usable (first: %1)");
inline constexpr const char* kMetisRank = ARACHNE_TEXT("rank %1 %2");
inline constexpr const char* kMetisDropsLayers = ARACHNE_TEXT("its layer split drops layers (%1 of %2 placed)");
inline constexpr const char* kMetisMixedDp = ARACHNE_TEXT("its stages have different DP degrees, which no template holds");
inline constexpr const char* kMetisEmptyStage = ARACHNE_TEXT("stage %1 holds no layer");
inline constexpr const char* kMetisTpSpansNodes = ARACHNE_TEXT("a TP group of stage %1 spans two nodes");
inline constexpr const char* kAmpProgress = ARACHNE_TEXT("AMP candidates");
inline constexpr const char* kAmpRanked = ARACHNE_TEXT("%1 of %2 AMP candidates ranked by AMP's estimator (%3)");
inline constexpr const char* kAmpOriginCost = ARACHNE_TEXT("the cost model's fwd+bwd at micro-batch 1");
inline constexpr const char* kAmpOriginSailor = ARACHNE_TEXT("Sailor's forward times at micro-batch 1, x3");
inline constexpr const char* kAmpStopped = ARACHNE_TEXT("%1 (stopped by the budget or cancel)");
inline constexpr const char* kAmpBatchNote = ARACHNE_TEXT("the global batch of %1 is not divisible by the %2 GPUs, so AMP plans on %3");
inline constexpr const char* kAmpOneGpuNodes = ARACHNE_TEXT("planned on one-GPU nodes (node sizes differ)");
inline constexpr const char* kEspressoProgress = ARACHNE_TEXT("%1 leaves of the cost tree, best %2 seq/s");
inline constexpr const char* kNodesAsTheyAre = ARACHNE_TEXT("nodes as they are");
inline constexpr const char* kOneGpuPerNodeReading = ARACHNE_TEXT("one-GPU-per-node reading (node sizes differ within a type)");
inline constexpr const char* kEspressoSearched = ARACHNE_TEXT("%1; %2 cost-tree leaves placed, %3 branches pruned by the lower bound");
inline constexpr const char* kEspressoChosen = ARACHNE_TEXT("chosen: TP %1, DP %2, depth %3, micro-batch %4, its estimate %5 s per iteration");
inline constexpr const char* kNoPlanFeasibleOurs = ARACHNE_TEXT("no plan our cost model finds feasible");
inline constexpr const char* kBetterPlansInfeasible = ARACHNE_TEXT("%1 better-ranked plans infeasible by our cost model (%2)");
inline constexpr const char* kHexiNoPlan = ARACHNE_TEXT("no plan: %1");
inline constexpr const char* kHexiNoBlock = ARACHNE_TEXT("the model has no transformer block for HexiScale to split");
inline constexpr const char* kHexiTooFewGpus = ARACHNE_TEXT("no plan: HexiScale sweeps 1 .. GPUs / 5 pipelines, and %1 GPUs leave none");
inline constexpr const char* kHexiProgress = ARACHNE_TEXT("%1 of %2 pipeline counts, chosen %3 pipelines (%4 seq/s)");
inline constexpr const char* kHexiSwept = ARACHNE_TEXT("%1 of %2 pipeline counts swept, %3 candidates ranked by HexiScale's estimator (%4 out of memory by its memory model, %5 with a stage of no block, %6 partitions short of pipelines)");
inline constexpr const char* kHexiChosen = ARACHNE_TEXT("chosen: %1 pipelines, its estimate %2 s per iteration");
inline constexpr const char* kNoCandidateFeasibleOurs = ARACHNE_TEXT("no candidate our cost model finds feasible");
inline constexpr const char* kBetterCandidatesInfeasible = ARACHNE_TEXT("%1 better-ranked candidates infeasible by our cost model (%2)");
inline constexpr const char* kHetAutoProgress = ARACHNE_TEXT("%1 structures, %2 evaluations, best %3 seq/s");
inline constexpr const char* kHetAutoDrawn = ARACHNE_TEXT("%1 coarse structures drawn, %2 layer moves priced");
inline constexpr const char* kHetAutoExhausted = ARACHNE_TEXT("%1 coarse structures drawn, %2 layer moves priced (stopped: 100,000 draws in a row gave no new structure)");
inline constexpr const char* kPolicyProgress = ARACHNE_TEXT("%1 policy rollouts");
inline constexpr const char* kPolicyRollouts = ARACHNE_TEXT("%1 policy rollouts (1 greedy, %2 greedy from another first depth, GPU type and TP, %3 sampled, %4 exploring, %5 with one decision changed, %6 with a depth and a TP degree changed; %7 stage orders, %8 stage edits, %9 appended templates)");
inline constexpr const char* kTypesReduced = ARACHNE_TEXT("%1 of %2 GPU types planned (the policy's state holds %3); left out: %4");
inline constexpr const char* kTypeLeftOut = ARACHNE_TEXT("%1 (%2 GPUs)");
inline constexpr const char* kWithheldTypesAppended = ARACHNE_TEXT("the template appends then used %1, which the rollouts had left out");
inline constexpr const char* kListItems = ARACHNE_TEXT("%1, %2");
// arachne stops its waves of rollouts early when memoryLowerBound proves that nothing fits.
inline constexpr const char* kNoPlanCanFit = ARACHNE_TEXT("stopped early: no plan can fit, since every plan needs at least %1 GiB (one copy of the weights, gradients and optimizer state and one micro-batch's activations of every layer, with the allocator's slack) and the GPUs hold %2 GiB after the framework's %3 GiB each");
inline constexpr const char* kNoPipelineCanHold = ARACHNE_TEXT("stopped early: no plan can fit, since a pipeline holds every layer and one of at most %1 stages, each a TP group on one node, holds at most %2 of the model's %3 layers on these GPUs (each layer at least its weights, gradients and optimizer state and one micro-batch's activations, with the allocator's slack, in the memory left after the framework's %4 GiB per GPU)");

// ---- Scenarios: a cluster that changes under the job (core/scenario) ---------------------------
// A node without a name, and one line per event (Scenario::describe).
inline constexpr const char* kScenarioNode = ARACHNE_TEXT("node %1");
inline constexpr const char* kEventJoinNode = ARACHNE_TEXT("+ %1:%2 (%3)");
inline constexpr const char* kEventNodeGone = ARACHNE_TEXT("- %1");
inline constexpr const char* kEventJoinNoNode = ARACHNE_TEXT("join (no node)");
inline constexpr const char* kEventLeaveNoNode = ARACHNE_TEXT("leave (no node)");
inline constexpr const char* kEventFailNoNode = ARACHNE_TEXT("fail (no node)");
inline constexpr const char* kEventLeaves = ARACHNE_TEXT("%1 (leaves)");
inline constexpr const char* kEventFails = ARACHNE_TEXT("%1 (fails)");
// Why a step kept, changed or stopped the running plan (ScenarioStep::reason).
inline constexpr const char* kStepStarts = ARACHNE_TEXT("the job starts on the planner's plan");
inline constexpr const char* kStepNoStartPlan = ARACHNE_TEXT("the planner found no plan for the starting composition; the job waits for a change");
inline constexpr const char* kStepReplanned = ARACHNE_TEXT("replanned from scratch (the paper's protocol): the new plan replaces the running one");
inline constexpr const char* kStepRestarts = ARACHNE_TEXT("the job restarts on the planner's plan");
inline constexpr const char* kStepKeptNoPlan = ARACHNE_TEXT("kept: the planner found no plan for the new composition; the running plan goes on");
inline constexpr const char* kStepKeptNoPlanAt = ARACHNE_TEXT("kept: the planner found no plan for the new composition; the running plan goes on at %1 seq/s");
inline constexpr const char* kStepStoppedLost = ARACHNE_TEXT("stopped: the running plan used GPUs that are gone and the planner found no plan for what is left");
inline constexpr const char* kStepStillWaits = ARACHNE_TEXT("the planner found no plan; the job still waits");
inline constexpr const char* kStepForced = ARACHNE_TEXT("changed: the running plan used GPUs that are gone, so it cannot go on; the new plan runs at %1 seq/s after a %2 s stall");
inline constexpr const char* kStepSwitched = ARACHNE_TEXT("changed: the new plan's %1 seq/s over the remaining %2 s, less a %3 s stall, trains %4 sequences, more than the running plan's %5 at %6 seq/s");
inline constexpr const char* kStepKept = ARACHNE_TEXT("kept: the new plan's %1 seq/s over the remaining %2 s, less a %3 s stall, trains %4 sequences, no more than the running plan's %5 at %6 seq/s");
// Which link sets a state transfer's time (StateTransfer::bottleneck); %2 in GB, %3 in GB/s.
inline constexpr const char* kNothingMoves = ARACHNE_TEXT("nothing moves");
inline constexpr const char* kGpuReceivesInNode = ARACHNE_TEXT("a GPU of node %1 receives %2 GB inside its node at %3 GB/s");
inline constexpr const char* kGpuSendsInNode = ARACHNE_TEXT("a GPU of node %1 sends %2 GB inside its node at %3 GB/s");
inline constexpr const char* kNodeReceivesOverNetwork = ARACHNE_TEXT("node %1 receives %2 GB over its network link at %3 GB/s");
inline constexpr const char* kNodeSendsOverNetwork = ARACHNE_TEXT("node %1 sends %2 GB over its network link at %3 GB/s");
inline constexpr const char* kNodeReadsCheckpoint = ARACHNE_TEXT("node %1 reads %2 GB from the checkpoint at %3 GB/s");

// Every constant above, for the translation checks.
std::vector<const char*> all();

}  // namespace arachne::text
