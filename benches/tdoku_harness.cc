// The tdoku reference of BENCHMARKS.md ("Against tdoku"). tdoku itself is not part of this
// repository; with a checkout of t-dillon/tdoku in TDOKU:
//
//   g++ -O3 -march=native -std=c++17 -I TDOKU/src -o tdoku_bench benches/tdoku_harness.cc \
//       TDOKU/src/solver_dpll_triad_simd.cc
//   benches/vs_tdoku.sh ./tdoku_bench      (or by hand:)
//   sudoscope puzzles --lines --variant 1 top95 > top95_v1.txt && ./tdoku_bench top95_v1.txt
//
// Times tdoku the way `sudoscope bench exact` times our solver: count solutions up to two for
// every puzzle of a file (81-char lines, '.' blanks, '#' comments), whole passes, the fastest of
// at least three and of half a second; prints mean µs, guesses per puzzle and unique count.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>
// tdoku's entry point: with limit 2 and configuration 0 it counts solutions up to two
extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);
static size_t Count(const char *puzzle, size_t *guesses) {
    char solution[81];
    return TdokuSolverDpllTriadSimd(puzzle, 2, 0, solution, guesses);
}
int main(int argc, char **argv) {
    for (int a = 1; a < argc; a++) {
        std::ifstream in(argv[a]);
        std::vector<std::string> puzzles;
        std::string line;
        while (std::getline(in, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.size() < 81 || line[0] == '#') continue;
            std::string p = line.substr(0, 81);
            for (auto &c : p) if (c == '0') c = '.';
            p.resize(96, '\0');  // room for the solver's 16-byte and 32-byte loads
            puzzles.push_back(p);
        }
        size_t guesses = 0, unique = 0;
        for (auto &p : puzzles) {
            size_t g = 0;
            unique += Count(p.data(), &g) == 1;
            guesses += g;
        }
        using clock = std::chrono::steady_clock;
        double best = 1e30;
        auto start = clock::now();
        int passes = 0;
        volatile size_t sink = 0;
        while (passes < 3 || std::chrono::duration<double>(clock::now() - start).count() < 0.5) {
            auto t = clock::now();
            for (auto &p : puzzles) { size_t g; sink += Count(p.data(), &g); }
            best = std::min(best, std::chrono::duration<double>(clock::now() - t).count());
            passes++;
        }
        printf("%-40s %8zu %10.2f µs %8.1f guesses %zu unique\n", argv[a], puzzles.size(),
               best * 1e6 / puzzles.size(), (double)guesses / puzzles.size(), unique);
    }
}
