// A short training run: problem mix, update limit, progress, the weights file with its
// metadata, resuming from it, cancellation.
#include <QtTest>

#include <atomic>
#include <cstdio>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "policy/policy_io.h"
#include "policy/policy_training_run.h"

using namespace arachne;

namespace {
std::string tempPath(const char* name) {
  return QDir::temp().filePath(QString("arachne_%1_%2").arg(QCoreApplication::applicationPid()).arg(name)).toStdString();
}
TrainingRunOptions small() {
  TrainingRunOptions o;
  o.clusters = {"a100-40:4x2,a6000:4x2+1x2"};
  o.random_compositions = 2;
  o.generator.max_gpus = 32;
  o.generator.gpu_types = {"h100", "a100-40", "a6000", "l40s"};
  o.models = {"llama3-8b"};
  o.max_updates = 3;
  o.minutes = 5;
  o.checkpoint_minutes = 0;
  o.config.hidden = 32;
  o.config.d_max = 8;
  o.trainer.group_size = 4;
  o.trainer.problems_per_update = 2;
  o.trainer.imitation_interval = 2;
  o.seed = 3;
  return o;
}
}  // namespace

class TstPolicyTrainingRun : public QObject {
  Q_OBJECT

 private slots:
  void trainsWritesAndResumes() {
    TrainingRunOptions o = small();
    o.out = tempPath("run.policy");
    int calls = 0;
    const TrainingRunResult r = runPolicyTraining(o, [&](const UpdateStats& u, const TrainingRunResult& soFar) {
      ++calls;
      QCOMPARE(u.update, soFar.updates);
      QCOMPARE(u.rollouts, 8);
    });
    QCOMPARE(r.updates, 3LL);
    QCOMPARE(calls, 3);
    QCOMPARE(r.problems, 3);
    QVERIFY(r.skipped.empty());
    QVERIFY(r.evaluations > 0);
    QCOMPARE(r.checkpoints, 1);
    const LoadedPolicy first = loadPolicy(o.out);
    QCOMPARE(first.metadata.at("updates").get<long long>(), 3LL);
    QCOMPARE(first.metadata.at("seed").get<long long>(), 3LL);
    QCOMPARE(first.metadata.at("evaluations").get<long long>(), r.evaluations);
    QCOMPARE(first.metadata.at("problems").size(), size_t(3));
    QCOMPARE(first.metadata.at("non_finite_steps_skipped").get<long long>(), 0LL);
    QVERIFY(first.network != nullptr);

    TrainingRunOptions again = small();
    again.resume = o.out;
    again.out = tempPath("resumed.policy");
    again.max_updates = 1;
    const TrainingRunResult r2 = runPolicyTraining(again);
    QCOMPARE(r2.updates, 1LL);
    const LoadedPolicy second = loadPolicy(again.out);
    QCOMPARE(second.metadata.at("resumed_from").at("file").get<std::string>(), o.out);
    QCOMPARE(second.metadata.at("resumed_from").at("metadata").at("updates").get<long long>(), 3LL);
    std::remove(o.out.c_str());
    std::remove(again.out.c_str());
  }

  // Demonstrations and the final cloning are recorded in the result and the metadata.
  void demonstrationsAndFinalCloningAreRecorded() {
    TrainingRunOptions o = small();
    o.out = tempPath("cloned.policy");
    o.trainer.greedy_demonstrations = true;
    o.trainer.demonstration_epochs = 5;
    o.trainer.final_cloning_epochs = 4;
    o.command = "arachne-cli train --test";
    const TrainingRunResult r = runPolicyTraining(o);
    QCOMPARE(r.demonstrations, 3);
    QVERIFY(r.demonstration_decisions > 0);
    QCOMPARE(r.demonstration_epochs, 5);
    QCOMPARE(r.final_cloning_epochs, 4);
    QVERIFY(r.final_cloning_last_loss > 0);
    const LoadedPolicy loaded = loadPolicy(o.out);
    QCOMPARE(loaded.metadata.at("command").get<std::string>(), o.command);
    QCOMPARE(loaded.metadata.at("demonstrations").at("problems").get<int>(), 3);
    QCOMPARE(loaded.metadata.at("final_cloning").at("epochs").get<int>(), 4);
    QCOMPARE(loaded.metadata.at("trainer").at("greedy_demonstrations").get<bool>(), true);
    std::remove(o.out.c_str());
  }

  // The final cloning stops at the end of the budget instead of running all its passes (its
  // reserve is only an estimate, and flat-rl has no first cloning to estimate it from).
  void finalCloningEndsWithTheBudget() {
    TrainingRunOptions o = small();
    o.out = tempPath("cloned_in_time.policy");
    o.max_updates = 0;
    o.minutes = 0.05;  // 3 s
    o.trainer.greedy_demonstrations = true;
    o.trainer.demonstration_epochs = 1;
    o.trainer.final_cloning_epochs = 1000000;
    const TrainingRunResult r = runPolicyTraining(o);
    QVERIFY(r.updates >= 1);
    QVERIFY(r.final_cloning_epochs >= 1);
    QVERIFY2(r.final_cloning_epochs < 1000000, qPrintable(QString::number(r.final_cloning_epochs)));
    QCOMPARE(loadPolicy(o.out).metadata.at("final_cloning").at("epochs").get<int>(), r.final_cloning_epochs);
    std::remove(o.out.c_str());
  }

  // The small band adds its own compositions of 4-16 GPUs without changing the other draws.
  void smallCompositionsJoinTheMix() {
    TrainingRunOptions o = small();
    o.out = tempPath("small_band.policy");
    o.max_updates = 1;
    const TrainingRunResult without = runPolicyTraining(o);
    const auto keysWithout = loadPolicy(o.out).metadata.at("problems");
    o.small_random_compositions = 3;
    const TrainingRunResult with = runPolicyTraining(o);
    const auto keysWith = loadPolicy(o.out).metadata.at("problems");
    QCOMPARE(with.problems, without.problems + 3);
    for (size_t i = 0; i < keysWithout.size(); ++i) QCOMPARE(keysWith.at(i), keysWithout.at(i));
    const GpuCatalog& catalog = GpuCatalog::builtin();
    for (size_t i = keysWithout.size(); i < keysWith.size(); ++i) {
      const std::string key = keysWith.at(i).get<std::string>();
      const Composition c = resolveCluster(key.substr(0, key.find('|')), catalog);
      QVERIFY2(c.totalGpus() >= 4 && c.totalGpus() <= 16, key.c_str());
    }
    std::remove(o.out.c_str());
  }

  // --batch-scales: each generated pair trains at its model's batch times a scale drawn per pair;
  // the problems themselves (their keys) do not change, and listed problems keep their batch.
  void batchScalesVaryTheGlobalBatch() {
    TrainingRunOptions o = small();
    o.out = tempPath("batch_scales.policy");
    o.max_updates = 1;
    o.random_compositions = 6;
    o.models = {"llama3-8b", "qwen3-32b"};
    const TrainingRunResult plain = runPolicyTraining(o);
    const auto keysPlain = loadPolicy(o.out).metadata.at("problems");
    for (size_t i = 0; i < plain.global_batches.size(); ++i)
      QCOMPARE(plain.global_batches[i], resolveModel(keysPlain.at(i).get<std::string>().substr(keysPlain.at(i).get<std::string>().find('|') + 1)).default_training.global_batch);
    o.batch_scales = {1, 16};
    const TrainingRunResult scaled = runPolicyTraining(o);
    const auto loaded = loadPolicy(o.out).metadata;
    QCOMPARE(loaded.at("problems"), keysPlain);
    QCOMPARE(loaded.at("batch_scales"), nlohmann::json({1, 16}));
    QCOMPARE(scaled.global_batches.size(), plain.global_batches.size());
    int atDefault = 0, scaledUp = 0;
    for (size_t i = 0; i < scaled.global_batches.size(); ++i) {
      if (scaled.global_batches[i] == plain.global_batches[i]) ++atDefault;
      else if (scaled.global_batches[i] == 16 * plain.global_batches[i]) ++scaledUp;
      else QFAIL(qPrintable(QString("problem %1: global batch %2, default %3").arg(i).arg(scaled.global_batches[i]).arg(plain.global_batches[i])));
    }
    // 14 pairs, each scale with probability 1/2: both occur (the draw is seeded, so this is fixed).
    QVERIFY2(atDefault > 0 && scaledUp > 0, qPrintable(QString("%1 at the default, %2 scaled").arg(atDefault).arg(scaledUp)));
    // The same seed draws the same scales.
    const TrainingRunResult again = runPolicyTraining(o);
    QCOMPARE(again.global_batches, scaled.global_batches);
    std::remove(o.out.c_str());
  }

  // A listed problem joins the mix as given: its own training settings, after the generated ones.
  void listedProblemsJoinTheMix() {
    TrainingRunOptions o = small();
    o.out = tempPath("listed.policy");
    o.max_updates = 1;
    const TrainingRunResult without = runPolicyTraining(o);
    ListedTrainingProblem listed;
    listed.composition = resolveCluster("a100-40:4x3,v100-16:4x1", GpuCatalog::builtin());
    listed.model = "opt-350m";
    listed.spec = resolveModel("opt-350m").default_training;
    listed.spec.global_batch = 64;
    o.listed_problems.push_back(listed);
    const TrainingRunResult with = runPolicyTraining(o);
    QCOMPARE(with.problems, without.problems + 1);
    QVERIFY(with.skipped.empty());
    const auto keys = loadPolicy(o.out).metadata.at("problems");
    QCOMPARE(keys.back().get<std::string>(), std::string("a100-40:4x3,v100-16:4x1|opt-350m"));
    // A listed problem that cannot be priced is skipped with its reason, not trained on.
    o.listed_problems[0].composition = resolveCluster("h100:8x1,a6000:4x1,a100-40:4x1", GpuCatalog::builtin());
    o.config.t_max = 2;
    o.clusters.clear();
    o.random_compositions = 0;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runPolicyTraining(o));
    std::remove(o.out.c_str());
  }

  void cancelStopsBeforeTheNextUpdate() {
    TrainingRunOptions o = small();
    o.out = tempPath("cancelled.policy");
    std::atomic<bool> cancel{true};
    const TrainingRunResult r = runPolicyTraining(o, {}, &cancel);
    QVERIFY(r.cancelled);
    QCOMPARE(r.updates, 0LL);
    QCOMPARE(loadPolicy(o.out).metadata.at("updates").get<long long>(), 0LL);
    std::remove(o.out.c_str());
  }

  void badInputsAreReported() {
    TrainingRunOptions o = small();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runPolicyTraining(o));  // no output file
    o.out = tempPath("never.policy");
    o.resume = tempPath("does-not-exist.policy");
    QVERIFY_THROWS_EXCEPTION(LoadError, runPolicyTraining(o));
    o.resume.clear();
    o.clusters = {"h100:8x1,a6000:4x1,a100-40:4x1"};
    o.random_compositions = 0;
    o.config.t_max = 2;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runPolicyTraining(o));  // the only problem is skipped
  }
};

QTEST_GUILESS_MAIN(TstPolicyTrainingRun)
#include "tst_policy_training_run.moc"
