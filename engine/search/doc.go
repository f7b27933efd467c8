// Package search finds the best move: iterative-deepening principal
// variation search with a lock-free shared transposition table, a staged
// move picker, selective pruning, time management and Lazy SMP threads.
//
// # Contract
//
// A Searcher is created once with New(Options) and runs one search at a time:
//
//		s := search.New(search.Options{HashMB: 64, Threads: 2})
//		res := s.Search(pos, search.Limits{MoveTime: time.Second}, func(in search.Info) { … })
//		// res.BestMove (board.NoMove when mated or stalemated), res.PonderMove, res.Score
//
//	  - Search blocks until a limit is reached, Stop is called, or (with
//	    Limits.Infinite, or pondering) until Stop/PonderHit. It never returns an
//	    illegal move, and returns a legal move whenever one exists, whatever the
//	    limits (even a budget of one node or one millisecond). pos is not changed.
//	  - The search reads the clock itself on thread 0, at most
//	    nodeCheckInterval (1024, 256 in js/wasm) nodes apart and more often
//	    as the hard limit nears (the measured node rate sets the distance,
//	    so the search stops before the limit rather than after it); no
//	    timers are involved, so limits hold under wasm too. Time counts from Prepare when the front
//	    end called it (the moment it accepted `go`), else from Search. Stop
//	    sets an atomic flag that every node reads: Search returns within a few
//	    milliseconds (natively well under 10 ms).
//	  - Stop, PonderHit and Stopping may be called from any goroutine at any
//	    time, also when idle. Prepare, called before starting Search in a new
//	    goroutine, makes a Stop or PonderHit that arrives before Search begins
//	    apply to that search instead of being dropped.
//	  - SetHashMB, SetThreads, SetMultiPV, SetMoveOverhead and Clear (new game)
//	    must not be called during a search.
//	  - onInfo runs on the search goroutine: InfoPV for each completed iteration
//	    (one per MultiPV line), and after Options.CurrMoveDelay also InfoCurrMove
//	    events and aspiration fail-high/low lines (Score.Bound set). Its PV slice
//	    is valid only during the call.
//	  - Options.Yield is called on thread 0 about every Options.YieldInterval
//	    while searching (and while an infinite search waits for Stop), so a
//	    single-threaded host (the browser) can run its event loop. The hook may
//	    call Stop or read Stopping.
//	  - Bench(depth) searches a fixed position list with one thread and a fixed
//	    hash; its node count is deterministic and identical on every platform.
//	  - Scores are from the side to move's point of view; Score.Mate counts
//	    full moves (+N mates, -N is mated; 0 with IsMate: already checkmated).
//
// # Files
//
//	doc.go         this contract
//	limits.go      Limits: every UCI go parameter
//	info.go        Info, Score (mate, bound, WDL), Result
//	options.go     Options, defaults and the setters
//	searcher.go    Searcher: Search, Stop, PonderHit, Prepare, limits check, result
//	smp.go         Lazy SMP: helper goroutines sharing the table
//	root.go        root moves, iterative deepening, aspiration windows, reporting
//	negamax.go     the PVS node: TT cutoffs, pruning, extensions, LMR
//	qsearch.go     quiescence search with SEE and delta pruning
//	picker.go      the staged lazy move picker
//	pickbest.go    its selection step over packed ordering keys, branch-free
//	history.go     killers, counter-moves, butterfly/continuation/capture history
//	see.go         static exchange evaluation
//	tt.go          the lock-free transposition table
//	atomics*.go    TT words and the stop flag: atomic natively, plain words in js/wasm
//	score.go       score encoding, mate distances, TT score adjustment
//	time.go        time allocation (soft/hard limits), clock-check spacing, the stop rule
//	thread.go      per-thread state, node counting, PV table
//	evaluator.go   Eval: which static evaluation the threads use (eval.Static each)
//	bench.go       the bench positions and Bench
package search
