# sudoscope: the English catalog, in Project Fluent's format. Every sentence the screen shows
# comes from here or from es.ftl and pt.ftl, which hold the same messages with the same
# arguments ({ $name }); the tests fail when one lacks a message or an argument. A new message
# goes into all three; a translator edits only the text after `=`.
# Review: the maintainers; the Spanish and Portuguese catalogs say who reviews them.

## The key table: what each key does (help), and its word on the status line (hint)
key-run-pause = run / pause
hint-run-pause = run/pause
key-step = step once (pauses)
hint-step = step
key-step-many = step 100 times
key-faster = faster: 1, 2, 5, 10, 30, 100, 1k, 10k, 100k steps/s, then unlimited
hint-faster = speed
key-slower = slower
key-undo = undo one step (rewind; recorded at 2000 steps/s or slower)
hint-undo = undo
key-undo-many = undo 20 steps
key-restart = restart with a new seed
key-pick-algorithm = switch algorithm, continuing from the board
hint-pick-algorithm = algorithm
key-toggle-preset = toggle classic / tuned preset, continuing from the board
hint-toggle-preset = preset
key-edit-parameter = edit a parameter live (validated, continues from the board)
hint-edit-parameter = param
key-open-puzzle = open another puzzle: name, set:N, a file, the puzzle text, or generate:hard
hint-open-puzzle = puzzle
key-candidates = candidates: pencil marks from the givens, then on this board, then off
key-solution = mark cells that differ from the solution
key-landscape = why it is stuck: the neighbours downhill, sideways and uphill
hint-landscape = why stuck
key-cell-mode = cell cursor: arrows or hjkl move, the cell's candidates and conflicts show
key-focus-layout = focus layout: grid, cost chart and caption only
key-theme = theme: dark, light (for a white projector), mono
key-next-scene = lesson: next scene
key-previous-scene = lesson: previous scene
key-add-racer = race: add an algorithm side by side (up to four, restarted together)
hint-add-racer = race
key-remove-racer = race: remove the focused algorithm
key-next-pane = race: focus the next pane
key-experiment = experiment: 100 restarts of each algorithm on screen, on all cores
hint-experiment = experiment
key-show-command = show the command line that reproduces this view (a: append it to a lesson)
key-help = help: every key
hint-help = help
key-quit = quit
hint-quit = quit
keyname-space = space

## The screen
too-small = terminal too small: need { $w }×{ $h }
too-small-now = now { $w }×{ $h }; enlarge the window or shrink the font
too-small-quit = q quits
pane-starting = starting…
pane-crashed = the search crashed
pane-crashed-keys = a: switch algorithm · r: restart
speed-unlimited = unlimited
speed-steps = { $n ->
    [one] { $speed } step/s
   *[other] { $speed } steps/s
}
state-running = running
state-paused = paused
state-ended = ended
state-stopped = stopped by { $signal }: it runs on after SIGCONT
panel-ended-after-trace = after its whole trace, the command { $how }
exit-status = exited with status { $status }
exit-signal = was killed by signal { $signal } ({ $name })
pane-trace = trace

## The panels beside the grid
panel-seed = seed { $seed }
panel-no-parameters = no parameters
panel-figures = step { $steps }  cost { $cost }  best { $best }
race-figures = step { $steps } cost { $cost } best { $best }
race-figures-short = step { $steps } cost { $cost }
race-figures-step = step { $steps }
panel-algorithm = algorithm
panel-solved-before-moving = propagation alone solved this puzzle before a single move: to watch the search, press e and set propagate to 0, or p for the classic preset
panel-step-log = step log
cell-none = none
cell-holds = { $cell } holds { $value }
cell-holds-given = { $cell } holds { $value } (given)
cell-candidates = candidates on this board: { $values }
cell-pencil-marks = pencil marks from the givens: { $values }
cell-conflicts = conflicts with { $cells }
cell-click = click a cell (or v, then arrows) to see its candidates

## The legend under the grid
legend-given = given
legend-conflict = conflict
legend-given-conflict = given in conflict
legend-last-change = last change
legend-differs = differs from the solution
legend-on = on: { $what }
legend-on-differences = differences
legend-on-why-stuck = why stuck
legend-on-cell-cursor = cell cursor
legend-on-theme = theme { $theme }
theme-dark = dark
theme-light = light
theme-mono = mono

## The why-stuck panel (l)
stuck-title = why it is where it is (l)
stuck-none = this search has no neighbourhood to show (the exact solver steps through a tree)
stuck-downhill = downhill { $n }
stuck-sideways = sideways { $n }
stuck-uphill = uphill { $n }
stuck-of = (of { $n } neighbours)
stuck-rows-hidden = { $n ->
    [one] { $n } more row of Δ left out: a taller window shows it
   *[other] { $n } more rows of Δ left out: a taller window shows them
}
stuck-strict-minimum = no neighbour is better or equal: a strict local minimum
stuck-minimum = no neighbour is better: a local minimum (a plateau leads on sideways)
stuck-population = population of { $size }: { $converged } of { $cells } cells hold one value in every member
stuck-population-others = the others hold { $mean } distinct values on average
stuck-population-cells = distinct values per cell (· = every member agrees):
stuck-values = values
stuck-settled = settled (90% on one value): { $settled } of { $open } open cells
stuck-share = strongest value's mean share { $share }% (1/{ $n } = even)
stuck-shade = shade = strongest value's share: ░<50% ▒<70% ▓<90% █
candidates-givens = pencil marks from the givens
candidates-board = candidates on this board

## The cost chart
chart-cost = cost
chart-best = best
chart-title = cost and best cost
chart-step = step
chart-step-log = step (log)
chart-worst = worst

## What opens over the screen
help-mouse = mouse: click a cell to see its candidates and conflicts
help-grid = grid: givens bold, conflicts underlined, last change reversed
help-close = any other key closes this help (the arrows, PgUp, PgDn and space scroll it)
help-title = keys
help-scroll = ↑↓ PgUp PgDn scroll · rows { $first }–{ $last } of { $rows }
command-intro = this command opens the same view (puzzle, algorithm, preset, parameters, seed, the board it continued from):
command-keys = copied to the clipboard (OSC 52) · w writes it to a file · a appends it as a lesson scene · any other key closes
command-title = command line
lesson-recorded-title = A lesson recorded in sudoscope
lesson-recorded-caption = a scene recorded in sudoscope
command-pushed = these are { $name }'s runs as sent to the class board, so no command line opens them elsewhere. On { $name }'s machine, the notebook shows each run in its cell, and sudoscope watch --follow follows the trace file Trace(...) writes there (it says where when a run ends).
command-pushed-keys = any key closes
picker-keys = preset { $preset } (←/→ or tab toggles) · type a name's first letters · enter { $enter } · esc cancels
picker-enter-race = adds to the race
picker-enter-switch = continues from the board
picker-more = more
picker-title-race = add to the race
picker-title-switch = switch algorithm
params-keys = ↑/↓ or type a name · enter edits · enter again applies (from the board) · esc
params-title = parameters of { $method }
opener-what = a name (sudoku_7), set:N (top95:12), a file (path or path:N), a puzzle string, or a new one: generate:hard
opener-keys = enter opens · esc cancels · `sudoscope puzzles` lists the sets
opener-title = open a puzzle

## The experiment view (x)
experiment-progress = { $done } / { $total } runs on { $puzzle }
experiment-stopped = stopped
experiment-done = done
experiment-title = experiment: 100 restarts each on all cores · x stops · esc closes
experiment-title-short = experiment · x stops · esc closes
experiment-algorithm = algorithm
experiment-runs = runs
experiment-solved = solved
experiment-rate = rate
experiment-interval = 95% interval
experiment-median = median solve
experiment-success = success rate (%)

## Messages on the status line
scene-label = scene { $n }/{ $of }
status-watched-settings = a watched search keeps its own settings: a switches to a built-in algorithm from its board
status-watched-puzzle = a watched trace is of its own puzzle
status-showing = showing { $what }
status-no-solution = no unique solution to compare with
status-race-full = a race has at most four algorithms
status-last-algorithm = the last algorithm stays: use a to switch it
status-cell-mode = cell mode: arrows or hjkl move, esc leaves
status-no-lesson = no lesson: start one with `sudoscope tui --lesson FILE`
status-last-scene = this is the last scene
status-first-scene = this is the first scene
status-watched-experiment = restarts of a watched search: sudoscope experiment --command 'COMMAND {"{"}seed{"}"}'
status-scene-command = this scene's command did not start, so the board waits, paused: { $reason }
status-scene-no-command = this scene runs a program ({ $command }), which a web page cannot, so the board waits, paused: open the lesson in sudoscope to see it.
caption-program-missing = (its program does not run here; on screen: { $algo })
command-written = written to { $path } on one line (and copied to the clipboard where the terminal allows it)
cannot-write = cannot write { $path }: { $reason }
command-appended = appended as scene { $n } of { $path }
guest-writes = a served session writes no file on the server: the command is above, and on your clipboard where your terminal allows it

## The step log: what one step did
log-cost = cost { $cost }
log-downhill = downhill { $delta }, accepted
log-sideways = sideways 0, accepted
log-uphill-accepted = uphill { $delta } accepted, p = { $p } at T = { $t }
log-uphill-taken = uphill { $delta }, taken
log-uphill-rejected = uphill { $delta } rejected, p = { $p } at T = { $t }
log-sideways-frozen = sideways 0 rejected: T has reached 0
log-tabu = { $delta } rejected: the state is tabu
log-no-move = no neighbour improves: a local minimum
log-set = set { $cell } { $from }→{ $to }
log-swap = swap { $a } and { $b } ({ $a_value }↔{ $b_value })
log-sweep =
    { $n ->
        [one] sweep resampled { $n } cell
       *[other] sweep resampled { $n } cells
    }
log-generation = generation { $index }: best { $best }, mean { $mean }, worst { $worst }
log-ant = iteration { $iteration }, ant { $ant }: filled { $filled } of { $cells } cells ({ $chosen } chosen, the rest by propagation)
log-ant-failed = , { $n } left with no possible value
log-ant-deposit-new =
    { $n ->
        [one] ; this iteration's best ant becomes the reference and lays { $amount } on its { $n } value
       *[other] ; this iteration's best ant becomes the reference and lays { $amount } on its { $n } values
    }
log-ant-deposit =
    { $n ->
        [one] ; the reference ant lays { $amount } on its { $n } value
       *[other] ; the reference ant lays { $amount } on its { $n } values
    }
log-ant-reset = ; no new best for too long: the pheromone starts over
log-propagated =
    { $n ->
        [one] propagation placed { $n } cell
       *[other] propagation placed { $n } cells
    }
log-propagated-contradiction =
    { $n ->
        [one] propagation placed { $n } cell, then hit a contradiction
       *[other] propagation placed { $n } cells, then hit a contradiction
    }
log-guess = guess { $cell } = { $value } (of { $options }) at depth { $depth }
log-undone = guess at { $cell } undone: no value left at depth { $depth }
log-backtrack = backtrack: try { $cell } = { $value } at depth { $depth }
log-solution = solution { $n } found
log-finished = search tree exhausted
log-returned-zero = cost 0 reached at step { $at }, but the course's bookkeeping keeps the state of cost { $cost }
log-returned = the course's bookkeeping returns the state it kept, cost { $cost }
log-idle = nothing to do: the search has ended

## What a pane's search says in the step log besides its steps
runner-crashed = the search crashed: { $message }
runner-trace-unwritable = cannot write the trace { $path }: { $reason }
runner-starts-trace = { $algo } starts (a trace: { $source }), cost { $cost }
runner-starts = { $algo } ({ $preset }) starts, seed { $seed }, cost { $cost }
runner-ended = ended: { $how } (best cost { $best })
runner-ended-after = ended: { $how } after { $steps } steps (best cost { $best })
runner-trace-stopped = the trace could not be written further
runner-switched = switched to { $algo } ({ $preset }) from the board, cost { $cost }
runner-restarted = restarted with seed { $seed }, cost { $cost }
runner-restarted-shared = restarted from the shared board with seed { $seed }, cost { $cost }
runner-nothing-to-rewind = nothing to rewind: steps are recorded at 2000 steps/s or slower
runner-rewound = { $n ->
    [one] rewound { $n } step, cost { $cost }
   *[other] rewound { $n } steps, cost { $cost }
}

## Names the program keeps in English, as the screen shows them
ending-solved = solved
ending-stuck = stuck
ending-budget-spent = budget spent
ending-unsolvable = unsolvable
ending-cut-short = cut short
ending-interrupted = interrupted
ending-failed = failed
preset-classic = classic
preset-tuned = tuned
algo-steepest = steepest
algo-stochastic = stochastic
algo-plateau = plateau
algo-annealing = annealing
algo-beam = beam
algo-genetic = genetic
algo-sampling = sampling
algo-tabu = tabu
algo-ants = ants
algo-backtrack = backtrack
algo-short-steepest = steepest
algo-short-stochastic = stochastic
algo-short-plateau = plateau
algo-short-annealing = annealing
algo-short-beam = beam
algo-short-genetic = genetic
algo-short-sampling = sampling
algo-short-tabu = tabu
algo-short-ants = ants
algo-short-backtrack = backtrack
preset-short-classic = classic
preset-short-tuned = tuned

## A search's figures (metrics and series)
metric-t0 = T0
metric-acceptance = acceptance
metric-accepted-moves = accepted moves
metric-ant = ant
metric-backtracks = backtracks
metric-beam-width = beam width
metric-best-cells-filled = best cells filled
metric-chain-length = chain length
metric-deposit = deposit
metric-depth = depth
metric-diversity = diversity
metric-examined-this-pass = examined this pass
metric-free-cells = free cells
metric-generation = generation
metric-guesses = guesses
metric-handovers = handovers
metric-iteration = iteration
metric-max-depth = max depth
metric-best = best
metric-mean = mean
metric-neighbours = neighbours
metric-pheromone-entropy = pheromone entropy
metric-pool = pool
metric-population = population
metric-propagations = propagations
metric-reference-filled = reference filled
metric-reheats = reheats
metric-renewals = renewals
metric-resets = resets
metric-sideways-run = sideways run
metric-solutions = solutions
metric-sweep = sweep
metric-tabu-hits = tabu hits
metric-tabu-size = tabu size
metric-temperature = temperature
metric-without-progress = without progress
metric-worst = worst
metric-beam-mean = beam mean
metric-members = members
metric-population-mean = population mean
metric-reported-cost = reported cost
metric-reported-best = reported best
metric-reported-mean = reported mean
metric-reported-worst = reported worst
metric-reported-population = reported population
metric-reported-diversity = reported diversity
metric-steps-received = steps received

## What the exact solver found of the puzzle on screen
puzzle-unsettled = the exact solver did not settle this puzzle within { $steps } steps: no solution to compare with
puzzle-several = this puzzle has several solutions: cost 0 is reachable in more than one way
puzzle-none = this puzzle has no solution (the exact solver proved it): local searches cannot reach cost 0

## Served sessions
watch-line = watching the lecturer's screen · t: try it yourself from this board · q: leave
watch-line-short = watching the lecturer · t: try it · q: leave
watch-line-keys = t: try it · q: leave
quit-class-ask = q again ends the class: every student's session closes. Any other key goes on.
serve-goodbye = sudoscope: goodbye.
serve-idle = sudoscope: closed after { $time } without a key; connect again to go on.
serve-failed = sudoscope: this session stopped on { $what }; the server goes on. Connect again, and tell the lecturer.
serve-full = sudoscope: the class is full ({ $n } sessions at once); try again in a minute, or ask the lecturer.
serve-status = students: ssh -p { $port } class@{ $host }
serve-status-password = password { $password }
serve-status-web = students: { $link }
serve-banner-ssh = sudoscope serve: listening on { $address } (SSH)
serve-banner-web = sudoscope web: listening on { $address } (browsers)
serve-banner-type = students type:  ssh -p { $port } class@{ $host }
serve-banner-open = students open:  { $link }
serve-banner-board = the class board, for you alone:  { $link }
serve-banner-page = each browser computing its own searches:  { $link }
serve-banner-scan = or scan with a phone:
serve-banner-host-key = host key:       { $fingerprint }{ $new ->
    [yes] {" "}(new)
   *[no] {""}
}
serve-banner-password = password:       { $password }
serve-banner-keys-only = access:         the keys in --authorized-keys only
serve-banner-mirror = mirror:         students watch this screen; t lets one try it alone
serve-banner-stop = stop with Ctrl-C{ $mirror ->
    [yes] {" "}or q
   *[no] {""}
}
web-title = sudoscope: the class
web-connecting = connecting…
web-reconnecting = the connection dropped; connecting again…
web-password = Class password
web-password-wrong = That is not the class password.
web-enter = Enter
web-ended = The session has ended.
web-again = Start again
web-busy = Another attempt from here is being checked; trying again…
web-keys = Keys
web-keyboard = Keyboard: type a puzzle or a parameter
web-board-title = sudoscope: the class's searches
web-board-empty = No search yet. A student adds to = "LINK" to their Trace(...) (or sets SUDOSCOPE_TO to the link) and runs it.
web-board-sort = Sort by
web-board-by-best = best cost
web-board-by-name = name
web-board-by-state = state
web-board-step = step
web-board-cost = cost
web-board-best = best
web-board-close = Close
web-state-running = running
web-state-solved = solved
web-state-stuck = stuck
web-state-cut = cut off
web-state-refused = not a trace
web-wrong-link = This link's key is not this class's (an old or mistyped link): enter the class password, or ask for the link again.
web-new-session = This is a new session: the one before ended (this tab was away more than %m, or the server was restarted).
web-server-stopped = The server stopped. This tab joins the class again when it is back.
web-board-show = Show
web-board-all = all
web-board-clear = Clear the ended
web-board-hide = hide this card
web-board-silent = silent for %s
web-board-lecturer-only = This is the lecturer's board: it opens with the lecturer's link, not the class's.
web-board-wrong-link = This board link's key is not this server's (an old or mistyped link): the server's banner prints the lecturer's link.
minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
seconds = { $n ->
    [one] { $n } second
   *[other] { $n } seconds
}

## What each algorithm is, in the picker (a)
about-steepest = steepest descent: the best strictly improving neighbour, stop in a local minimum
about-stochastic = stochastic descent: a random strictly improving neighbour
about-plateau = stochastic descent that also takes sideways (equal-cost) moves
about-annealing = simulated annealing (course: geometric T from 0.1; tuned: box swaps, Lewis schedule, reheats)
about-beam = local beam search: pool all neighbours of k states, keep k
about-genetic = genetic algorithm (course: all pairs breed, one-point crossover; tuned: box-wise, swap mutation, diversity)
about-sampling = conflict-guided sampling: resample every cell by softmax of peer conflicts, anneal the sweep
about-tabu = annealing with a tabu list of recent states (classic: permutation per row, swaps in a row)
about-ants = ant colony system (Lloyd & Amos): ants fill cells with propagation, led by pheromone
about-backtrack = exact backtracking with candidate masks (classic: naive; tuned: hidden singles, fewest candidates)
steps-count = { $n ->
    [one] { $n } step
   *[other] { $n } steps
}

## Parameters: their ranges, and why a value is refused
param-or = or
param-range = { $min } to { $max }
param-range-whole = { $min } to { $max } (whole number)
param-not-a-number = { $name } = { $text } is not a number: valid values are { $valid }
param-not-a-choice = { $name } = { $text } is not a choice: valid values are { $valid }
param-out-of-range = { $name } = { $value } is out of range: valid values are { $valid }
param-unknown-none = unknown parameter { $name }: this algorithm takes none
param-unknown = unknown parameter { $name }{ $hint }: valid are { $valid }
algo-unknown = unknown algorithm { $name }{ $hint }: valid are { $valid }
spec-preset = unknown preset { $name }: valid are classic, tuned
spec-speed = give steps per second (a positive number) or max
spec-seed-whole = give a whole number, 0 or more
spec-seed-large = too large: the largest seed is { $most }
spec-yes-no = give true or false
spec-race-start = valid are same, random
spec-panes = at most { $beside } algorithms race beside the first ({ $all } panes in all)
did-you-mean = did you mean { $name }?

## Puzzle references that do not resolve
ref-unreadable = cannot read { $path }: { $reason }
ref-directory = { $path } is a directory; give a puzzle file
ref-out-of-range = { $what } holds { $count } puzzles; there is no puzzle { $index } (use 1 to { $count })
ref-not-one = { $what } holds { $count } puzzles; pick one as { $what }:N
ref-no-files = { $what }{ $hint }: a served session opens no file on the server, and this is not a built-in name ({ $names }), a set ({ $sets }) with :N, generate:hard or a puzzle's text
ref-unknown = unknown puzzle { $what }{ $hint }: not a built-in name ({ $names }), a set ({ $sets }), an existing file, or a puzzle string

## Figures (experiment --plot)
plot-success-title = Success rate per run setting (95% Wilson interval)
plot-runs-solved = runs solved
plot-run-setting = run setting (numbered as in the legend)
plot-time-title = Time to solution: fraction of runs solved within t
plot-time-axis = time t (log scale)
plot-fraction-solved = fraction of runs solved
plot-cost-title = Best cost: median and interquartile band
plot-cost-by = Best cost by { $unit }
plot-log-scale = { $unit } (log scale)
plot-best-cost = best cost
plot-best-cost-units = best cost (missing unit values)
plot-depth-title = Exact solver: maximum depth and depth at the solution
plot-depth-axis = depth (open guesses)
plot-runs = runs
plot-max-depth = maximum depth
plot-solution-depth = depth at solution
plot-settings = settings
unit-moves = moves
unit-proposals = proposals
unit-sweeps = sweeps
unit-beam-iterations = beam iterations
unit-generations = generations
unit-propagations-guesses-and-backtracks = propagations, guesses and backtracks
unit-ants = ants

## The experiment's table (sudoscope experiment)
table-algorithm = algorithm
table-puzzle = puzzle
table-runs = runs
table-solved = solved
table-rate = rate
table-interval = 95% interval
table-cost = cost min/med/max
table-steps = steps med/p90
table-time = time med/p90
table-solve-time = time to solve (med)
table-all = all
experiment-summary =
    { $threads ->
        [one] { $done } of { $total } runs on { $threads } thread in { $time }
       *[other] { $done } of { $total } runs on { $threads } threads in { $time }
    }
experiment-interrupted = interrupted: the table covers the { $done } runs that finished

## Speaker notes (N, --notes)
key-notes = speaker notes of the scene, on this screen only (never on a mirror or a recording)
notes-title = speaker notes (N hides)
notes-none = this scene has no speaker notes

## A still of the screen (W)
key-still = a still of the screen for a slide: SVG and PNG at this size, in this theme
still-written = still written: { $svg } and { $png }
still-downloaded = still saved by the browser, as an SVG file (see its downloads)

## Handouts (puzzles --sheet)
sheet-answers = Answers
sheet-answers-more = Answers (continued)
sheet-no-answer = no unique solution
sheet-caption = { $n }. { $name } ({ $size }, { $givens } givens)

## What each parameter means, in the parameter editor (e): by algorithm, and by preset where
## the two presets differ
param-steepest-max_iterations = iterations (moves) before the run stops
param-stochastic-max_iterations = iterations (moves) before the run stops
param-plateau-max_iterations = iterations (moves) before the run stops
param-plateau-max_sideways = consecutive sideways moves allowed before stopping
param-annealing-classic-t0 = initial temperature, in the cost's units: the notebooks count a missing digit as 0.1 where sudoscope counts 1, so their T0 = 0.01 is 0.1 here
param-annealing-tuned-t0 = initial temperature; 0 = the spread of random move deltas
param-annealing-classic-cooling = T is multiplied by this after each accepted move
param-annealing-tuned-cooling = T is multiplied by this after each Markov chain
param-annealing-max_iterations = stop after this many accepted moves (the course's max_iterations)
param-annealing-bookkeeping = fixed: keep the best state; course: as the course's code (can lose a solution)
param-annealing-chain = chain length as a multiple of Σ (free cells per box)²
param-annealing-reheat_after = chains without a new best before reheating (0 = never)
param-annealing-reheat = reheat to this fraction of T0
param-annealing-min_conflicts = probability that the first cell is drawn among conflicting cells
param-annealing-propagate = before moving, lock the cells the givens determine and swap only within candidates: 0 = off, 1 = by singles, 2 = also by subsets and locked candidates
param-annealing-escape = with propagation, probability that a swap's partner may be any free cell of the box, not only one keeping both values within candidates
param-beam-k = beam width (states kept)
param-beam-patience = iterations without a new best before stopping
param-beam-max_iterations = iterations before the run stops
param-beam-tau = selection temperature: weight exp(-(cost - cheapest)/tau)
param-genetic-population = individuals per generation
param-genetic-temperature = mutation probability is exp(-1/temperature)
param-genetic-classic-elite = fraction of parents that survive
param-genetic-tuned-elite = fraction of the best that survive unchanged
param-genetic-classic-patience = generations without a new best before stopping
param-genetic-tuned-patience = generations without a new best before the population is renewed
param-genetic-max_generations = generations before the run stops
param-genetic-fresh = fraction of each generation that is new random individuals
param-genetic-weak = fraction of random non-elite parents that survive
param-genetic-mutation = probability of each further swap mutation of a child
param-sampling-lambda = sharpness: P(v) ∝ exp(-lambda · peers holding v)
param-sampling-t0 = initial temperature of the sweep acceptance
param-sampling-cooling = T is multiplied by this after each sweep
param-sampling-reheat_after = sweeps without a new best before T returns to T0 (0 = never)
param-sampling-max_sweeps = sweeps before the run stops
param-tabu-classic-t0 = initial temperature
param-tabu-tuned-t0 = initial temperature; 0 = the spread of random move deltas
param-tabu-classic-cooling = T is multiplied by this after every proposal
param-tabu-tuned-cooling = T is multiplied by this after each Markov chain
param-tabu-freeze = stop when T falls below this
param-tabu-tabu = length of the tabu list (recent states forbidden)
param-tabu-chain = chain length as a multiple of Σ (free cells per box)²
param-tabu-reheat_after = chains without a new best before reheating (0 = never)
param-tabu-reheat = reheat to this fraction of T0
param-tabu-min_conflicts = probability that the first cell is drawn among conflicting cells
param-tabu-propagate = before moving, lock the cells the givens determine and swap only within candidates: 0 = off, 1 = by singles, 2 = also by subsets and locked candidates
param-tabu-escape = with propagation, probability that a swap's partner may be any free cell of the box, not only one keeping both values within candidates
param-ants-ants = ants per iteration
param-ants-q0 = probability of taking the value with the most pheromone
param-ants-rho = global update: share of the way towards the deposit
param-ants-xi = local update: share of the way back to the starting level
param-ants-bve = best value evaporation: the deposit shrinks by this share per iteration
param-ants-order = cells an ant visits: cyclic from a random cell, or the fewest candidates first
param-ants-reset_after = iterations without a new best before the pheromone starts over (0 = never)
param-ants-max_iterations = iterations before the run stops
param-backtrack-solutions = stop after this many solutions (2 proves uniqueness)
notes-lecturer = speaker notes are for the lecturer's screen only

# a trace source on screen: waiting for it, its error output
key-error-output = the watched command's error output, newest first (a traceback's last line on top)
status-no-command = no command is watched: its error output shows with watch -- COMMAND
watch-waiting-title = waiting for a trace
watch-waiting-command = { $what }: waiting for its trace · { $seconds } s
watch-waiting-file = { $what }: waiting for a trace in it · { $seconds } s
watch-waiting-input = waiting for a trace on standard input · { $seconds } s
watch-waiting-board = { $what }: waiting for a search sent to the class board under this name · { $seconds } s
watch-waiting-key = waiting for the trace: q leaves, ↑ ↓ scroll its error output
watch-waiting-keys = q quit · ↑ ↓ scroll · ? help
watch-errors = its error output, newest first
watch-errors-none = nothing on its error output yet
watch-errors-title = error output of { $what }, newest first
watch-new-run = { $what } holds a new run (run { $run }): the panes start again on it
table-failed = failed
table-exited-badly = status≠0
experiment-partial = partial: interrupted after { $done } of { $total } runs; the table holds the runs that finished
experiment-command-limit = each run of the command may take { $seconds } s (--max-seconds); a run that crashes, is killed, runs past it or writes no header is counted as failed
experiment-failed = { $failed } run(s) of the command failed: they are counted, as unsolved, in the table
experiment-exited-badly = { $runs } run(s) of the command wrote a whole trace and then ended with a status other than 0: they count by their boards in the table, and in its column status≠0

status-no-parameters = { $algo } takes no parameters
status-edited = { $name } = { $value }: continuing from the board
chart-metrics-title = metrics, each on its own scale
puzzle-stdin-here = standard input is this terminal here: give a name, set:N, a file or the puzzle text
serve-internal-error = an internal error ({ $message })
keyname-ctrl = ctrl-{ $key }
keyname-tab = tab
keyname-page-down = PgDn
keyname-page-up = PgUp
keyname-esc = esc
log-trace-not-taken = a move proposed and not taken
log-trace-no-change = no cell changed
log-trace-cells =
    { $n ->
        [one] { $n } cell changed
       *[other] { $n } cells changed
    }
note-output = output: { $text }
note-unreadable = line { $line }: { $why }
note-unreadable-at = line { $line }, column { $column }: { $why }
note-changes-givens = line { $line }: this step changes the given at { $cells }
note-members-change-givens = line { $line }: { $members ->
    [one] one member of this step changes
   *[other] { $members } members of this step change
} a given
note-more = … { $n } more lines
note-last-words = its last words: { $text }
note-ends = the search ends: { $how }
note-returns = it returns a board of cost { $cost }; its last board has cost { $last }
note-solved-after-all = the search says { $how }, but the board it returns is solved
note-changed-a-given = the search says solved, but the board it returns changes a given
note-not-solved = the search says solved, but the board it returns has cost { $cost }

# The notebook view (python/sudoscope/view.js); python/sudoscope/view_words.json holds a copy
# for the helper, which `cargo test` keeps equal to these.
nb-step = step
nb-cost = cost
nb-reported = reported cost
nb-log = step log
nb-start = to the start
nb-back = one step back
nb-forward = one step on
nb-pause = pause
nb-play = play
nb-live = follow the search live
nb-live-short = live
nb-speed = steps a frame when playing
nb-running = live
nb-loading = reading the run…
nb-paused = paused
nb-ended = ended
nb-received = steps received
nb-no-change = no cell changed
nb-refused = refused
nb-population = population
nb-best = best
nb-mean = mean
nb-worst = worst
nb-distinct = distinct
nb-diversity = values per cell across the population
nb-diversity-short = diversity
nb-board-short = board
nb-outcome-solved = solved
nb-outcome-stuck = stuck
nb-outcome-budget_spent = budget spent
nb-outcome-time_spent = time spent
nb-outcome-unsolvable = unsolvable
nb-get-anywidget = sudoscope: to watch the search here, in the notebook, install its view: pip install anywidget (then run the cell again); meanwhile the trace goes to { $path }
nb-trace-written = trace written to { $path }: sudoscope watch { $path }
nb-trace-replaced = the run it held before was replaced
nb-returned = show the board the search returns
nb-returned-short = returned
nb-last-short = last
nb-returns = the board it returns has cost { $cost }
nb-last-board = its last board has cost { $cost }
nb-verdict-solved = solved
nb-verdict-not-solved = not solved
nb-search-says = the search says { $word }
nb-givens-changed = the search changed givens: { $cells }
nb-cut = cut short
nb-cut-with = cut short: the with block ended without trace.end()
nb-cut-cell = cut short: the cell ended without trace.end()
nb-cut-program = cut short: the program ended without trace.end()
nb-cut-collected = cut short: the trace was collected before trace.end()
nb-untrusted = This is the run as text: trust the notebook (or run its cell again) to see it drawn, step by step.
nb-open-cell = open: its cell ended without trace.end() (a later cell may step it on, or end it)
nb-silent = live, no news for %s s (the search is busy or waiting, or the kernel stopped)
nb-outcome-interrupted = interrupted
nb-outcome-failed = failed
nb-race = race a built-in from the same first board
nb-race-start = race
nb-race-seed = seed
nb-race-again = race again
nb-race-from-start = from the run's first board
nb-race-from-givens = from the puzzle's givens (the run's first board is not known)
nb-race-no-engine = To race the built-ins here the helper needs the page's module: run `cargo site` in sudoscope's folder (or set SUDOSCOPE_PAGE_WASM to a module it wrote), then run the cell again.
nb-race-no-copy = This page has not been given the race's module yet: run a cell that traces a search, with the kernel running.
nb-race-cannot = the race cannot start: { $why }
nb-race-running = racing
nb-race-cannot-run = this browser cannot run the race's module: { $why }
nb-race-old-module = The page's module has no races (it was built before them): build it again with `cargo site`.

## the visualiser as a web page (`sudoscope site`)
page-open-lesson = Open a lesson…
page-loading = Loading sudoscope…
page-cannot-load = This browser could not load sudoscope:
page-cannot-start = sudoscope could not start:
page-lesson-refused = This lesson did not open, and what was on screen runs on:
page-no-wasm = this browser does not run WebAssembly
address-not-a-setting = { $key }: not a setting of this page (it takes { $keys })
address-lang = lang={ $value }: one of en, es, pt
address-theme = theme={ $value }: one of dark, light, mono
address-lesson = lesson={ $name }: no lesson of this name is built in ({ $names }); a lesson file opens with the button under the screen

# the web page's and a served session's own words, where the terminal's would not be true
# (the screen looks up ID-in-page or ID-in-session before ID)
key-experiment-in-page = experiment: 100 restarts of each algorithm on screen, one after another on this page's one thread
experiment-title-in-page = experiment: 100 restarts of each, one after another · x stops · esc closes
key-still-in-page = a still of the screen for a slide: an SVG at this size, in this theme, to the browser's downloads
key-still-in-session = a still of the screen: on your own machine's sudoscope (a served session writes no file)
served-no-still = a served session writes no file, so no still: sudoscope on your own machine saves one with W
key-open-puzzle-in-page = open another puzzle: a built-in name, set:N, the puzzle text, or generate:hard
key-open-puzzle-in-session = open another puzzle: a built-in name, set:N, the puzzle text, or generate:hard
too-small-in-page = the page is too small: the screen needs { $w }×{ $h } characters, even at its smallest letters
too-small-now-in-page = it has { $w }×{ $h }; enlarge the window, turn the phone, or zoom out
command-keys-in-page = the address is copied to the clipboard where the browser allows it · w downloads the command as a file · a adds the view as a scene and downloads the lesson · any other key closes
command-address-intro = this address opens the same view in any browser (puzzle, algorithm, preset, parameters, seed, the board it continued from):
command-intro-in-page = and this command opens it in sudoscope, the program:
command-keys-in-session = on your clipboard where your terminal allows it (a served session writes no file) · any other key closes
command-downloaded = downloaded as { $name }, on one line (and copied to the clipboard where the browser allows it)
scene-downloaded = scene { $n } added: { $name }, with every scene so far, is in the browser's downloads
status-no-lesson-in-page = no lesson: open a lesson file with the button under the screen, or the built-in one with ?lesson=local-search in the link
ref-no-files-in-page = { $what }{ $hint }: the page opens no file by its path, and this is not a built-in name ({ $names }), a set ({ $sets }) with :N, generate:hard or a puzzle's text
ref-unknown-in-page = unknown puzzle { $what }{ $hint }: not a built-in name ({ $names }), a set ({ $sets }) with :N, generate:hard or a puzzle's text (the page opens no file by its path)
puzzle-stdin-here-in-page = the page has no standard input: give a built-in name, set:N, generate:hard or the puzzle text
puzzle-stdin-here-in-session = a served session has no standard input: give a built-in name, set:N, generate:hard or the puzzle text
opener-what-in-page = a built-in name (sudoku_7), set:N (top95:12), a puzzle string, or a new one: generate:hard
opener-what-in-session = a built-in name (sudoku_7), set:N (top95:12), a puzzle string, or a new one: generate:hard
opener-keys-in-page = enter opens · esc cancels · a name not known lists the built-in ones
opener-keys-in-session = enter opens · esc cancels · a name not known lists the built-in ones
key-error-output-in-page = a watched program's error output: the page runs no program (sudoscope on your own machine does, with watch)
status-no-command-in-page = the page runs no program, so there is no error output to show: sudoscope on your own machine watches one with watch -- COMMAND
key-notes-in-page = speaker notes of the lesson's scene, on this page
notes-no-lesson = no lesson is playing: speaker notes belong to a lesson's scenes
