package search

import (
	"strconv"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// BenchDepth is the default depth of Bench (`azurite bench`).
const BenchDepth = 12

// benchHashMB is the fixed table size of Bench, so its node count does not
// depend on the user's Hash option.
const benchHashMB = 16

// benchFENs are the bench positions: opening, middlegame and endgame
// positions drawn from the shared perft and tactical suites (named perft
// positions, Bratko-Kopec, WAC, Silent-but-deadly, Arasan, zugzwang, STS).
var benchFENs = [...]string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
	"2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
	"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
	"1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
	"2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
	"2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
	"r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
	"2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
	"r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
	"3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
	"3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1",
	"r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
	"7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1",
	"rb3qk1/pQ3ppp/4p3/3P4/8/1P3N2/1P3PPP/3R2K1 w - - 0 1",
	"r1bqk2r/pppp1ppp/5n2/2b1n3/4P3/1BP3Q1/PP3PPP/RNB1K1NR b KQkq - 0 1",
	"r4rk1/1bR1bppp/4pn2/1p2N3/1P6/P3P3/4BPPP/3R2K1 b - - 0 1",
	"4rrk1/pppb4/7p/3P2pq/3Qn3/P5P1/1PP4P/R3RNNK b - - 0 1",
	"2rq1bk1/p4p1p/1p4p1/3b4/3B1Q2/8/P4PpP/3RR1K1 w - - 0 1",
	"r1b1qN1k/1pp3p1/p2p3n/4p1B1/8/1BP4Q/PP3KPP/8 w - - 0 1",
	"r3k2r/2p2p2/p2p1n2/1p2p3/4P2p/1PPPPp1q/1P5P/R1N2QRK b kq - 0 1",
	"1Qq5/2P1p1kp/3r1pp1/8/8/7P/p4PP1/2R3K1 b - - 0 1",
	"r4rk1/1b1nqp1p/p5p1/1p2PQ2/2p5/5N2/PP3PPP/R1BR2K1 w - - 0 1",
	"3r1rk1/1pb1qp1p/2p3p1/p7/P2Np2R/1P5P/1BP2PP1/3Q1BK1 w - - 0 1",
	"2R5/2R4p/5p1k/6n1/8/1P2QPPq/r7/6K1 w - - 0 1",
	"2b5/1p4k1/p2R2P1/4Np2/1P3Pp1/1r6/5K2/8 w - - 0 1",
	"3rk2r/1bq2pp1/2pb1n1p/p3pP2/P1B1P3/8/1P2QBPP/2RN1R1K b k - 0 1",
	"r1b1qrk1/pp4b1/2pRn1pp/5p2/2n2B2/2N2NPP/PPQ1PPB1/5RK1 w - - 0 1",
	"r1bq1rk1/ppp1npb1/3p2pp/3Pp2n/1PP1P3/2N5/P2NBPPP/R1BQR1K1 b - - 0 1",
	"r1bqkbnr/3p1ppp/p1p1p3/8/4P3/3B4/PPP2PPP/RNBQK2R w KQkq - 0 1",
	"r2qk2r/p1pn1ppp/b3pn2/3p4/Nb1P4/1P3NP1/P3PPBP/1RBQ1RK1 b kq - 0 1",
	"r3r1k1/1pqn1pbp/p2p2p1/2nP2B1/P1P1P3/2NB3P/5PP1/R2QR1K1 w - - 0 1",
	"rn3rk1/1bqp1ppp/p3pn2/8/Nb1NP3/4B3/PP2BPPP/R2Q1RK1 w - - 0 1",
	"r1r3k1/p3bppp/2bp3Q/q2pP1P1/1p1BP3/8/PPP1B2P/2KR2R1 w - - 0 1",
	"r2qr3/2p1b1pk/p5pp/1p2p3/nP2P1P1/1BP2RP1/P3QPK1/R1B5 w - - 0 1",
	"1r4nr/1pbq1pk1/p1n4p/3pPpp1/3P1B2/P2B1N2/5QPP/1R3R1K w - - 0 1",
	"1r6/r6k/2np2p1/2pNp1qp/1pP1Pp1b/1P1P1P2/1B3P2/1Q1R1K1R b - - 0 1",
	"5r2/1r5k/1p1p1qpp/pP1Ppp2/N1P4R/4P1PP/1Q2B1K1/8 w - - 0 1",
	"8/3k4/8/8/3PK3/8/8/8 w - - 0 1",
	"8/p7/1p6/p7/kq1Q4/8/K7/8 w - - 0 1",
	"8/8/8/1B6/6p1/8/4KPpp/3N2kr w - - 0 1",
	"3r1bkr/2q3pp/1p1Npp2/pPn1P3/5B2/1P6/2P2PPP/R2QR1K1 w - - 0 1",
	"4r1k1/p4p1p/1p2q1pB/1Q2Pn2/P3B2P/5P2/bR3P2/6K1 w - - 0 1",
	"4rk2/2p1rpp1/pbn3bp/1p2P3/PP6/1BP2NNP/5PP1/2R1R1K1 w - - 0 1",
	"4r1k1/1p1r1ppb/1qpp1n1p/p7/P1PRPN2/2Q2P2/1P4PP/1B1R2K1 b - - 0 1",
	"8/8/8/8/8/8/6k1/4K2R w K - 0 1",
}

// BenchFENs returns the bench positions.
func BenchFENs() []string { return benchFENs[:] }

// Bench searches every bench position to depth with one thread, a
// benchHashMB table and the built-in net (BenchWith: any evaluation),
// clearing all state before
// each position. The node count is the search's regression signature: it
// depends only on the search and evaluation code, never on the clock, the
// machine or the platform (native and wasm agree). elapsed is the total
// search time (nps = nodes / elapsed).
func Bench(depth int) (nodes uint64, elapsed time.Duration) {
	return BenchWith(Options{}, depth, nil)
}

// BenchWith is Bench with a custom Searcher configuration (Threads and
// HashMB are overridden) and a callback after each position, for the
// `bench` command's per-position output and for tests.
func BenchWith(opts Options, depth int, each func(i int, fen string, r Result)) (nodes uint64, elapsed time.Duration) {
	nodes, elapsed, _ = NewBench(opts).Bench(depth, each)
	return nodes, elapsed
}

// NewBench returns a Searcher set up as Bench runs one: opts with one
// thread, a benchHashMB table and one PV line. Its Bench method can be
// stopped, which a front end that keeps answering commands needs.
func NewBench(opts Options) *Searcher {
	opts.Threads = 1
	opts.HashMB = benchHashMB
	opts.MultiPV = 1
	return New(opts)
}

// Bench runs the bench on s, which should come from NewBench (otherwise the
// node count is not the signature), calling each after every position. Stop,
// from any goroutine, ends it early: the running position's search returns
// and no further position is searched; complete is then false. A Stop that
// comes before Bench starts applies to it too (a front end may hand the
// searcher over to a goroutine), so a Searcher runs at most one Bench. The
// Yield hook is called as in any search; it does not change the node count.
func (s *Searcher) Bench(depth int, each func(i int, fen string, r Result)) (nodes uint64, elapsed time.Duration, complete bool) {
	for i, fen := range benchFENs {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			panic("bench position " + strconv.Itoa(i) + ": " + err.Error())
		}
		// With a Yield hook the front end keeps answering (isready)
		// while the table is cleared: the first clear touches fresh memory.
		s.clear(s.opts.Yield)
		// Prepare clears the stop flag of the previous position's search; a
		// Stop after it applies to this search or is seen by this check.
		s.Prepare()
		if s.benchStop.Load() {
			return nodes, elapsed, false
		}
		r := s.Search(pos, Limits{Depth: depth}, nil)
		nodes += r.Nodes
		elapsed += r.Time
		if each != nil {
			each(i, fen, r)
		}
	}
	return nodes, elapsed, !s.benchStop.Load()
}
