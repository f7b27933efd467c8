package uci

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/engine/session"
)

// uciLine dispatches one UCI command.
func (h *Handler) uciLine(f []string) (quit bool) {
	switch f[0] {
	case "uci":
		h.cmdUCI()
	case "debug":
		if len(f) != 2 || (f[1] != "on" && f[1] != "off") {
			h.errLine("debug: expected \"debug on\" or \"debug off\"")
			return
		}
		h.debug.Store(f[1] == "on")
	case "isready":
		h.emit("readyok")
	case "setoption":
		h.cmdSetOption(f[1:])
	case "register":
		// Azurite needs no registration; accepted and ignored.
	case "ucinewgame":
		h.stopAndWait()
		if err := h.sess.NewGame(); err != nil {
			h.errLine("ucinewgame: " + err.Error())
		}
	case "position":
		h.cmdPosition(f[1:])
	case "go":
		h.cmdGo(f[1:])
	case "stop":
		h.sess.Stop()
	case "ponderhit":
		h.sess.PonderHit()
	case "quit":
		h.sess.Stop()
		return true
	case "d":
		h.cmdDisplay()
	case "eval":
		h.cmdEval()
	case "bench":
		h.cmdBench(f[1:])
	case "perft":
		h.cmdPerft(f[1:])
	default:
		h.errLine("unknown command " + quote(f[0]))
	}
	return false
}

func (h *Handler) cmdUCI() {
	name := h.cfg.Name
	if name == "" {
		name = "Azurite"
	}
	if h.cfg.Version != "" {
		name += " " + h.cfg.Version
	}
	h.emit("id name " + name)
	if h.cfg.Author != "" {
		h.emit("id author " + h.cfg.Author)
	}
	for _, o := range h.sess.Options() {
		h.emit(optionLine(o))
	}
	h.emit("uciok")
}

// optionLine formats an option as UCI lists it.
func optionLine(o session.Option) string {
	s := "option name " + o.Name + " type " + o.Type.String()
	switch o.Type {
	case session.Check, session.Combo:
		s += " default " + o.Default
	case session.String:
		d := o.Default
		if d == "" {
			d = "<empty>"
		}
		s += " default " + d
	case session.Spin:
		s += " default " + o.Default + " min " + strconv.Itoa(o.Min) + " max " + strconv.Itoa(o.Max)
	}
	for _, v := range o.Vars {
		s += " var " + v
	}
	return s
}

// cmdSetOption handles "setoption name N… [value V…]"; names and values may
// contain spaces.
func (h *Handler) cmdSetOption(f []string) {
	if len(f) < 2 || f[0] != "name" {
		h.errLine("setoption: expected \"setoption name <name> [value <value>]\"")
		return
	}
	var name, value []string
	inValue := false
	for _, w := range f[1:] {
		switch {
		case !inValue && w == "value":
			inValue = true
		case inValue:
			value = append(value, w)
		default:
			name = append(name, w)
		}
	}
	if len(name) == 0 {
		h.errLine("setoption: missing option name")
		return
	}
	if err := h.sess.SetOption(strings.Join(name, " "), strings.Join(value, " ")); err != nil {
		h.errLine("setoption: " + err.Error())
	}
}

// cmdPosition handles "position startpos|fen <FEN> [moves m1 m2 …]".
func (h *Handler) cmdPosition(f []string) {
	if len(f) == 0 {
		h.errLine("position: expected \"startpos\" or \"fen <FEN>\"")
		return
	}
	var fen string
	rest := f[1:]
	switch f[0] {
	case "startpos":
		fen = board.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			h.errLine("position: missing FEN after \"fen\"")
			return
		}
		fen, rest = strings.Join(rest[:i], " "), rest[i:]
	default:
		h.errLine("position: expected \"startpos\" or \"fen\", got " + quote(f[0]))
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			h.errLine("position: expected \"moves\", got " + quote(rest[0]))
			return
		}
		moves = rest[1:]
	}
	h.stopAndWait()
	if err := h.sess.SetPosition(fen, moves); err != nil {
		h.errLine("position: " + err.Error())
	}
}

// goKeywords are the parameters of "go"; searchmoves collects moves until the next one.
var goKeywords = map[string]bool{
	"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true,
	"binc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true,
	"movetime": true, "infinite": true, "perft": true,
}

// parseGo turns the parameters of "go" into limits; perft > 0 asks for perft instead.
func parseGo(f []string, pos *board.Position) (l search.Limits, perft int, err error) {
	seen := map[string]bool{}
	for i := 0; i < len(f); i++ {
		kw := f[i]
		if !goKeywords[kw] {
			return l, 0, errorString("unknown parameter " + quote(kw))
		}
		if seen[kw] {
			return l, 0, errorString("parameter " + kw + " given twice")
		}
		seen[kw] = true
		switch kw {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			for i+1 < len(f) && !goKeywords[f[i+1]] {
				i++
				m, err := pos.ParseUCIMove(f[i])
				if err != nil {
					return l, 0, errorString("searchmoves: " + quote(f[i]) + " is not a legal move here")
				}
				l.SearchMoves = append(l.SearchMoves, m)
			}
			if len(l.SearchMoves) == 0 {
				return l, 0, errorString("searchmoves: no moves given")
			}
			continue
		}
		if i+1 >= len(f) {
			return l, 0, errorString(kw + ": missing value")
		}
		i++
		n, err := parseCount(f[i])
		if err != nil {
			return l, 0, errorString(kw + ": " + quote(f[i]) + " is not an integer")
		}
		if n < 0 {
			return l, 0, errorString(kw + ": " + f[i] + " is negative")
		}
		ms := millis(n)
		// A zero limit asks for the smallest search of its kind, never for
		// none (search.Limits reads 0 as "no limit"): depth 0 and mate 0
		// search depth 1, nodes 0 one node, movetime 0 the least time.
		switch kw {
		case "wtime":
			l.WTime, l.Clock = ms, true
		case "btime":
			l.BTime, l.Clock = ms, true
		case "winc":
			l.WInc = ms
		case "binc":
			l.BInc = ms
		case "movetime":
			l.MoveTime = max(ms, time.Nanosecond)
		case "movestogo":
			l.MovesToGo = int(min(n, 1<<20))
		case "depth":
			l.Depth = int(min(max(n, 1), 1<<20))
		case "mate":
			if n == 0 {
				l.Depth = max(l.Depth, 1)
			}
			l.Mate = int(min(n, 1<<20))
		case "nodes":
			l.Nodes = uint64(max(n, 1))
		case "perft":
			if n < 1 || n > maxPerftDepth {
				return l, 0, errorString("perft: depth must be 1.." + strconv.Itoa(maxPerftDepth))
			}
			perft = int(n)
		}
	}
	switch {
	case l.Infinite && l.Ponder:
		return l, 0, errorString("infinite and ponder cannot be combined")
	case perft > 0 && len(f) > 2:
		return l, 0, errorString("perft takes no other parameters")
	}
	return l, perft, nil
}

// parseCount reads a decimal integer; a non-negative one too large for
// int64 reads as the largest int64 (every limit saturates there).
func parseCount(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if errors.Is(err, strconv.ErrRange) && n == math.MaxInt64 {
		return n, nil
	}
	return n, err
}

// millis converts n milliseconds (n >= 0) to a Duration, saturating at the
// largest one instead of overflowing (search.Limits reads every such value).
func millis(n int64) time.Duration {
	if n > math.MaxInt64/int64(time.Millisecond) {
		return math.MaxInt64
	}
	return time.Duration(n) * time.Millisecond
}

// maxPerftDepth bounds "go perft" so a typo cannot start a days-long count.
const maxPerftDepth = 15

type errorString string

func (e errorString) Error() string { return string(e) }

// cmdGo handles "go …": the search runs in the session's goroutine and this returns.
func (h *Handler) cmdGo(f []string) {
	h.stopAndWait()
	pos := h.sess.Position()
	l, perft, err := parseGo(f, pos)
	if err != nil {
		h.errLine("go: " + err.Error())
		return
	}
	if perft > 0 {
		h.startPerft(perft)
		return
	}
	wdl := h.sess.ShowWDL()
	err = h.sess.Go(l, func(in search.Info) {
		h.emit(infoLine(in, wdl))
	}, func(best, ponder board.Move) {
		line := "bestmove " + best.String()
		if ponder != board.NoMove {
			line += " ponder " + ponder.String()
		}
		h.emit(line)
	})
	if err != nil {
		h.errLine("go: " + err.Error())
	}
}

// infoLine formats one search report.
func infoLine(in search.Info, wdl bool) string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(in.Depth))
	if in.Kind == search.InfoCurrMove {
		b.WriteString(" currmove ")
		b.WriteString(in.CurrMove.String())
		b.WriteString(" currmovenumber ")
		b.WriteString(strconv.Itoa(in.CurrMoveNumber))
		return b.String()
	}
	b.WriteString(" seldepth ")
	b.WriteString(strconv.Itoa(in.SelDepth))
	b.WriteString(" multipv ")
	b.WriteString(strconv.Itoa(max(in.MultiPV, 1)))
	b.WriteString(" score ")
	b.WriteString(scoreText(in.Score))
	if wdl {
		w, d, l := in.Score.WDL()
		b.WriteString(" wdl " + strconv.Itoa(w) + " " + strconv.Itoa(d) + " " + strconv.Itoa(l))
	}
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatUint(in.Nodes, 10))
	b.WriteString(" nps ")
	b.WriteString(strconv.FormatUint(in.NPS, 10))
	b.WriteString(" hashfull ")
	b.WriteString(strconv.Itoa(in.HashFull))
	b.WriteString(" tbhits 0 time ")
	b.WriteString(strconv.FormatInt(in.Time.Milliseconds(), 10))
	if len(in.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range in.PV {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
	}
	return b.String()
}

// scoreText renders "cp N" or "mate N", with "lowerbound"/"upperbound".
func scoreText(s search.Score) string {
	t := "cp " + strconv.Itoa(s.CP)
	if s.IsMate {
		t = "mate " + strconv.Itoa(s.Mate)
	}
	switch s.Bound {
	case search.BoundLower:
		t += " lowerbound"
	case search.BoundUpper:
		t += " upperbound"
	}
	return t
}
