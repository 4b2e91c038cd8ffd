// The figures `arachne-cli paper` regenerates. Each runs its cells (the store resumes and
// parallelises them), then prints its Markdown; false when interrupted before its cells ended.
#pragma once

#include "paper_report.h"

namespace arachne::cli {

bool paperFigure1(PaperContext& c);   // paper_dense.cpp: Observations 1 and 2
bool paperFigure7(PaperContext& c);   // paper_dense.cpp: uniform and LS1-LS5
bool paperFigure8(PaperContext& c);   // paper_growth.cpp: the growing cluster (scenario paper-growth)
bool paperFigure9(PaperContext& c);   // paper_moe.cpp: MoE models, with and without the expert dimension
bool paperFigure10(PaperContext& c);  // paper_dense.cpp: four GPU types; qwen3-64b
bool paperFigure11(PaperContext& c);  // paper_curves.cpp: best-so-far curves against evaluations

// The clusters of the cells --clusters may pick: Figures 1, 7 and 10 (paper_dense.cpp), 9 (paper_moe.cpp).
std::vector<std::string> paperDenseClusters();
std::vector<std::string> paperMoeClusters();

}  // namespace arachne::cli
