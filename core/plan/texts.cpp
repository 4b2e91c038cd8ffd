// text::all(): the list of every text constant (tests check it against texts.h).
#include "plan/texts.h"

namespace arachne::text {

std::vector<const char*> all() {
  return {
      kVerbatim, kParams, kGrads, kOptimizer,
      kActivations, kOther, kNone, kIntraNode,
      kInterNode, kStageName, kPlanNoTemplates, kTemplateReplicas,
      kTemplateMicroBatch, kTemplateMicroBatches, kTemplateNoStages, kStageLayers, kStageFewerLayersThanChunks, kTemplateVirtualStages, kTemplateVirtualOneStage, kTemplateVirtualDeepSpeed,
      kStartsAtLayer, kEndsBeforeStart, kEndsPastLast, kUnknownGpuType,
      kStageTp, kStageNodeIds, kStageUnknownNode, kStageWrongNodeType,
      kTpExceedsNode, kOutsideSearchSpace, kBadTiling, kLayersNotPlaced,
      kNodeOvercommitted, kNodeOvercommitted1, kBatchTooSmall, kMicroBatchesCover, kMicroBatchesOvershoot, kOutOfMemory,
      kOutOfMemoryInFlight1, kOutOfMemoryInFlight, kNoProfileEntry, kNotInProfileSet,
      kTpNotProfiled, kMbsNotProfiled, kLayerNotProfiled, kNoProfile, kTpSplitsModel, kTpSplitsMlp,
      kNoPrecisionRate, kTilingFactors, kTilingGpus, kTilingEtp,
      kTilingExperts, kTilingExpertWidth, kTemplateIncomplete, kDepthExceedsLayers, kNoReplicaFits,
      kBatchSpread, kNoCommonMicroBatch, kMicroBatchExceedsBatch, kFillStageText,
      kFillOutOfMemory, kFillNoProfile, kFillViolation, kNoMicroBatchFits,
      kLayerCounts, kStageHoldsLayers, kStagesHoldLayers, kReplicasRequested,
      kReplicasExceedBatch, kMicroBatchNotProfiled, kReplicasDoNotFit, kCostModelRejects,
      kStepInfeasible, kProgressPlans, kGreedyProgress, kGreedySteps,
      kGreedyStepsStopped, kGreedyStep1, kGreedyStepStopped1, kRandomEpisodes, kRandomEpisodesExhausted, kExhaustiveEstimating,
      kExhaustiveCancelledEstimating, kExhaustiveRefused, kExhaustiveSearched, kExhaustiveCancelled,
      kExhaustiveBudgetEnded, kEvaluations, kSeconds1, kMinutes,
      kHours, kYears, kEveryStageOrder, kTypeBlocks,
      kSortedBlocks, kPolicyFallback, kUnusedWithheldType, kUnusedNotUsable, kUnusedNoPrecision, kUnusedBatchUsed,
      kUnusedPartial, kUseReplica, kUseOwn, kUseOwnShape,
      kUseJoinFirst, kUseJoinLast, kUnusedHigher, kUnusedUnchanged,
      kUnusedLower, kUnusedNothingPlaced, kUnusedHigher1, kUnusedUnchanged1,
      kUnusedLower1, kUnusedNothingPlaced1, kUnusedNoUse, kHintCheckpointing, kUnusedCut, kUnusedNotExamined, kUnusedAs,
      kStragglerItself, kStragglerOther, kGradSyncGrows, kJoinClauses,
      kNoFreeReplica, kUnusedSailor, kUnusedMetis, kUnusedAmp,
      kUnusedAmpBatch,
      kRunCancelled, kRunBudgetSpent, kCandidateProblem, kInfeasible, kCannotBePlaced, kPlacementNoNode,
      kRanksInfeasible, kNoneFeasibleFirst, kNetNotInSailor, kNetNoMeasuredLink, kSailorProgress,
      kSailorRanked, kSailorStopped, kSailorTooManyTypes, kSailorOneGpuNodes, kMetisProgress, kMetisCosted,
      kMetisStopped, kMetisOutsideProfiles, kMetisMissingProfile, kMetisNotTaken, kMetisNoneUsable, kMetisRank,
      kMetisDropsLayers, kMetisMixedDp,
      kMetisEmptyStage, kMetisTpSpansNodes, kAmpProgress, kAmpRanked, kAmpOriginCost, kAmpOriginSailor,
      kAmpStopped, kAmpBatchNote, kAmpOneGpuNodes, kEspressoProgress, kNodesAsTheyAre, kOneGpuPerNodeReading,
      kEspressoSearched, kEspressoChosen, kNoPlanFeasibleOurs, kBetterPlansInfeasible, kHexiNoPlan,
      kHexiNoBlock, kHexiTooFewGpus, kHexiProgress, kHexiSwept, kHexiChosen, kNoCandidateFeasibleOurs,
      kBetterCandidatesInfeasible, kHetAutoProgress, kHetAutoDrawn, kHetAutoExhausted, kPolicyProgress,
      kPolicyRollouts, kTypesReduced, kTypeLeftOut, kWithheldTypesAppended, kListItems, kNoPlanCanFit, kNoPipelineCanHold,
      kScenarioNode, kEventJoinNode, kEventNodeGone, kEventJoinNoNode, kEventLeaveNoNode, kEventFailNoNode,
      kEventLeaves, kEventFails, kStepStarts, kStepNoStartPlan, kStepReplanned, kStepRestarts, kStepKeptNoPlan,
      kStepKeptNoPlanAt, kStepStoppedLost, kStepStillWaits, kStepForced, kStepSwitched, kStepKept,
      kNothingMoves, kGpuReceivesInNode, kGpuSendsInNode, kNodeReceivesOverNetwork, kNodeSendsOverNetwork,
      kNodeReadsCheckpoint,
  };
}

}  // namespace arachne::text
