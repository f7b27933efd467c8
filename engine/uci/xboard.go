package uci

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/engine/session"
)

// xboard/CECP v2, chosen when the first command is "xboard". The game lives
// here (start FEN and move list); the session's position is set from it just
// before each search, so the session stays the single engine API.
//
// Locking: xb.mu guards the game state. The search callbacks take xb.mu, so
// the handler never holds it while waiting for a search (stopAndWait).
// Every search gets an id; cancelling (force, undo, new, …) bumps the id, and
// a bestmove whose id is stale is dropped instead of played.

type xboardState struct {
	mu      sync.Mutex
	fen     string
	moves   []string
	force   bool        // play no moves: just record them
	engine  board.Color // the side the engine plays when not in force mode
	post    bool        // print thinking output
	analyze bool        // analysis mode: infinite search, restarted on every change
	myTime  time.Duration
	oppTime time.Duration
	// myTimeSet, oppTimeSet: a "time"/"otim" came (a clock of 0 is real).
	myTimeSet, oppTimeSet bool
	mps                   int // moves per time control (level), 0 = all
	base                  time.Duration
	inc                   time.Duration
	st                    time.Duration // fixed time per move (st) if stSet
	stSet                 bool
	sd                    int // depth limit (sd), 0 = none; "sd 0" reads as 1
	searchID              int
}

func newXboardState() *xboardState {
	return &xboardState{fen: board.StartFEN, engine: board.Black, post: true}
}

// xbError prints an xboard error line for the command.
func (h *Handler) xbError(kind, line string) {
	h.emit(oneLine("Error (" + session.ClipInput(kind, maxErrorLen) + "): " + session.ClipInput(line, maxQuote)))
}

// cancelSearch drops the running search's move (if any) and waits for it.
func (h *Handler) cancelSearch() {
	h.xb.mu.Lock()
	h.xb.searchID++
	h.xb.mu.Unlock()
	h.stopAndWait()
}

// xboardLine dispatches one xboard command.
func (h *Handler) xboardLine(line string, f []string) (quit bool) {
	xb := h.xb
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch f[0] {
	case "protover":
		name := "Azurite"
		if h.cfg.Version != "" {
			name += " " + h.cfg.Version
		}
		h.emit("feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 san=0 memory=1 smp=1 variants=\"normal\" myname=\"" + name + "\" done=1")
	case "accepted", "rejected", "random", "computer", "name", "rating", "ics", "hard", "easy", "hint", "bk", "draw", "nps", ".":
		// Acknowledged; nothing to do (no pondering, draw offers declined silently).
	case "xboard":
	case "new":
		h.cancelSearch()
		xb.mu.Lock()
		xb.fen, xb.moves, xb.force, xb.engine, xb.st, xb.stSet, xb.sd = board.StartFEN, nil, false, board.Black, 0, false, 0
		xb.mu.Unlock()
		if err := h.sess.NewGame(); err != nil {
			h.xbError(err.Error(), line)
		}
		h.xbRestartAnalysis()
	case "variant":
		if arg(1) != "normal" {
			h.xbError("unsupported variant", line)
		}
	case "force":
		h.cancelSearch()
		xb.mu.Lock()
		xb.force = true
		xb.mu.Unlock()
	case "go":
		h.cancelSearch()
		xb.mu.Lock()
		xb.force = false
		xb.engine = h.xbPosition().Side()
		xb.mu.Unlock()
		h.xbThink()
	case "playother":
		h.cancelSearch()
		xb.mu.Lock()
		xb.force = false
		xb.engine = h.xbPosition().Side().Other()
		xb.mu.Unlock()
	case "white", "black":
		// Obsolete colour commands (protocol v1); colors=0 asks GUIs not to send them.
	case "usermove":
		if len(f) != 2 {
			h.xbError("usermove needs one move", line)
			return
		}
		h.xbUserMove(f[1])
	case "time", "otim":
		d, err := parseCentis(arg(1))
		if err != nil || len(f) != 2 {
			h.xbError("expected centiseconds", line)
			return
		}
		xb.mu.Lock()
		if f[0] == "time" {
			xb.myTime, xb.myTimeSet = d, true
		} else {
			xb.oppTime, xb.oppTimeSet = d, true
		}
		xb.mu.Unlock()
	case "level":
		mps, base, inc, err := parseLevel(f[1:])
		if err != nil {
			h.xbError(err.Error(), line)
			return
		}
		xb.mu.Lock()
		xb.mps, xb.base, xb.inc, xb.st, xb.stSet = mps, base, inc, 0, false
		xb.mu.Unlock()
	case "st":
		sec, err := strconv.ParseFloat(arg(1), 64)
		if err != nil || math.IsNaN(sec) || sec < 0 || len(f) != 2 {
			h.xbError("expected seconds per move", line)
			return
		}
		xb.mu.Lock()
		xb.st, xb.stSet = secondsDuration(sec), true
		xb.mu.Unlock()
	case "sd":
		n, err := strconv.Atoi(arg(1))
		if errors.Is(err, strconv.ErrRange) && n > 0 {
			err = nil
		}
		if err != nil || n < 0 || len(f) != 2 {
			h.xbError("expected a depth", line)
			return
		}
		xb.mu.Lock()
		xb.sd = min(max(n, 1), 1<<20) // sd 0: the smallest search
		xb.mu.Unlock()
	case "setboard":
		fen := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "setboard"))
		if _, err := board.ParseFEN(fen); err != nil {
			h.xbError("illegal position", line+": "+err.Error())
			return
		}
		h.cancelSearch()
		xb.mu.Lock()
		xb.fen, xb.moves = fen, nil
		xb.mu.Unlock()
		h.xbRestartAnalysis()
	case "undo", "remove":
		n := 1
		if f[0] == "remove" {
			n = 2
		}
		h.cancelSearch()
		xb.mu.Lock()
		ok := len(xb.moves) >= n
		if ok {
			xb.moves = xb.moves[:len(xb.moves)-n]
		}
		xb.mu.Unlock()
		if !ok {
			h.xbError("no move to take back", line)
			return
		}
		h.xbRestartAnalysis()
	case "post", "nopost":
		xb.mu.Lock()
		xb.post = f[0] == "post"
		xb.mu.Unlock()
	case "analyze":
		h.cancelSearch()
		xb.mu.Lock()
		xb.analyze = true
		xb.mu.Unlock()
		h.xbRestartAnalysis()
	case "exit":
		h.cancelSearch()
		xb.mu.Lock()
		xb.analyze = false
		xb.mu.Unlock()
	case "?":
		h.sess.Stop() // move now: the search reports its best move so far
	case "ping":
		if len(f) != 2 {
			h.xbError("ping needs one argument", line)
			return
		}
		h.emit("pong " + f[1])
	case "result":
		h.cancelSearch()
		xb.mu.Lock()
		xb.force = true
		xb.mu.Unlock()
	case "memory":
		h.xbLimit(line, "Hash", arg(1))
	case "cores":
		h.xbLimit(line, "Threads", arg(1))
	case "option":
		name, value, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "option")), "=")
		h.xbOption(line, name, value)
	case "quit":
		h.cancelSearch()
		return true
	default:
		// Protocol v2 engines with usermove=1 get moves prefixed, but a bare
		// move is still understood (some GUIs ignore the feature).
		if _, err := h.xbPosition().ParseUCIMove(f[0]); err == nil && len(f) == 1 {
			h.xbUserMove(f[0])
			return
		}
		h.xbError("unknown command", line)
	}
	return false
}

// xbOption sets a session option by an xboard command.
func (h *Handler) xbOption(line, name, value string) {
	h.stopAndWait()
	if err := h.sess.SetOption(strings.TrimSpace(name), strings.TrimSpace(value)); err != nil {
		h.xbError(err.Error(), line)
	}
}

// xbLimit handles "memory N" and "cores N": unlike a UCI setoption they
// are upper bounds ("use at most N"), so a value above the option's maximum
// (the Hash cap of a machine with less memory, one thread in the browser)
// sets the maximum, and a "#" line (xboard's debug output) says so.
func (h *Handler) xbLimit(line, name, value string) {
	if n, err := strconv.Atoi(strings.TrimSpace(value)); err == nil {
		for _, o := range h.sess.Options() {
			if o.Name == name && n > o.Max {
				h.emit("# " + strings.TrimSpace(line) + ": " + name + " set to its maximum, " + strconv.Itoa(o.Max))
				value = strconv.Itoa(o.Max)
			}
		}
	}
	h.xbOption(line, name, value)
}

// xbPosition rebuilds the game's current position (xb.mu may be held).
func (h *Handler) xbPosition() *board.Position {
	xb := h.xb
	pos, err := board.ParseFEN(xb.fen)
	if err != nil {
		pos, _ = board.ParseFEN(board.StartFEN)
	}
	for _, mv := range xb.moves {
		m, err := pos.ParseUCIMove(mv)
		if err != nil {
			break // cannot happen: moves are validated before they are recorded
		}
		pos.MakeMove(m)
	}
	return pos
}

// xbUserMove plays the opponent's move and, unless in force mode, answers.
func (h *Handler) xbUserMove(mv string) {
	xb := h.xb
	h.cancelSearch()
	xb.mu.Lock()
	pos := h.xbPosition()
	m, err := pos.ParseUCIMove(mv)
	if err != nil {
		xb.mu.Unlock()
		h.emit("Illegal move: " + session.ClipInput(mv, maxQuote))
		return
	}
	xb.moves = append(xb.moves, m.String())
	pos.MakeMove(m)
	over := gameResult(pos)
	think := !xb.force && !xb.analyze && pos.Side() == xb.engine && over == ""
	xb.mu.Unlock()
	if over != "" {
		h.emit(over)
	}
	if xb.analyze {
		h.xbRestartAnalysis()
	} else if think {
		h.xbThink()
	}
}

// xbRestartAnalysis starts an infinite search in analyze mode.
func (h *Handler) xbRestartAnalysis() {
	h.xb.mu.Lock()
	on := h.xb.analyze
	h.xb.mu.Unlock()
	if on {
		h.xbThink()
	}
}

// xbThink starts a search on the game's position: a move search, or an
// analysis in analyze mode. The caller has cancelled any previous search.
func (h *Handler) xbThink() {
	xb := h.xb
	xb.mu.Lock()
	defer xb.mu.Unlock()
	if err := h.sess.SetPosition(xb.fen, xb.moves); err != nil {
		h.xbError(err.Error(), "go")
		return
	}
	pos := h.xbPosition()
	if over := gameResult(pos); over != "" {
		// Nothing to search: a GUI that does not adjudicate waits for a
		// move, so tell it the game is over (an analysis has nothing to say).
		if !xb.analyze {
			h.emit(over)
		}
		return
	}
	var l search.Limits
	if xb.analyze {
		l.Infinite = true
	} else {
		l = xb.limits(pos)
	}
	xb.searchID++
	id := xb.searchID
	analyze := xb.analyze
	onInfo := func(in search.Info) {
		if in.Kind != search.InfoPV || in.MultiPV > 1 {
			return
		}
		xb.mu.Lock()
		post := xb.post || analyze
		xb.mu.Unlock()
		if post {
			h.emit(thinkingLine(in))
		}
	}
	onBest := func(best, _ board.Move) {
		xb.mu.Lock()
		if id != xb.searchID || analyze || best == board.NoMove {
			xb.mu.Unlock()
			return
		}
		p := h.xbPosition()
		xb.moves = append(xb.moves, best.String())
		p.MakeMove(best)
		over := gameResult(p)
		xb.mu.Unlock()
		h.emit("move " + best.String())
		if over != "" {
			h.emit(over)
		}
	}
	if err := h.sess.Go(l, onInfo, onBest); err != nil {
		h.xbError(err.Error(), "go")
	}
}

// limits builds the search limits from the clocks and level (mu held).
func (xb *xboardState) limits(pos *board.Position) search.Limits {
	var l search.Limits
	l.Depth = xb.sd
	if xb.stSet {
		l.MoveTime = max(xb.st, time.Nanosecond) // st 0: the smallest search
		return l
	}
	my, opp := xb.myTime, xb.oppTime
	if !xb.myTimeSet {
		if xb.base == 0 && xb.inc == 0 {
			l.MoveTime = 5 * time.Second // no time control at all: a sane default
			return l
		}
		my = xb.base // no "time" command yet: assume a fresh clock
	}
	if !xb.oppTimeSet {
		opp = my
	}
	l.Clock = true // "time 0" is an empty clock: move at once
	if pos.Side() == board.White {
		l.WTime, l.BTime, l.WInc, l.BInc = my, opp, xb.inc, xb.inc
	} else {
		l.WTime, l.BTime, l.WInc, l.BInc = opp, my, xb.inc, xb.inc
	}
	if xb.mps > 0 {
		l.MovesToGo = xb.mps - (pos.FullmoveNumber()-1)%xb.mps
	}
	return l
}

// parseLevel reads "level MPS BASE INC": BASE in minutes or minutes:seconds,
// INC in seconds (may be fractional).
func parseLevel(f []string) (mps int, base, inc time.Duration, err error) {
	if len(f) != 3 {
		return 0, 0, 0, errorString("level needs MPS BASE INC")
	}
	mps, err1 := strconv.Atoi(f[0])
	minStr, secStr, hasSec := strings.Cut(f[1], ":")
	mins, err2 := strconv.Atoi(minStr)
	secs := 0
	var err3 error
	if hasSec {
		secs, err3 = strconv.Atoi(secStr)
	}
	incSec, err4 := strconv.ParseFloat(f[2], 64)
	if errors.Is(err2, strconv.ErrRange) && mins > 0 {
		err2 = nil // an absurdly long base saturates
	}
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || math.IsNaN(incSec) || mps < 0 || mins < 0 || secs < 0 || secs > 59 || incSec < 0 {
		return 0, 0, 0, errorString("bad level values")
	}
	base = secondsDuration(float64(mins)*60 + float64(secs))
	return mps, base, secondsDuration(incSec), nil
}

// secondsDuration converts sec >= 0 seconds to a Duration, saturating at the
// largest one.
func secondsDuration(sec float64) time.Duration {
	if sec >= float64(math.MaxInt64)/float64(time.Second) {
		return math.MaxInt64
	}
	return time.Duration(sec * float64(time.Second))
}

// parseCentis reads an xboard clock in centiseconds. A negative clock (the
// engine overstepped it) is an empty one; a huge one saturates.
func parseCentis(s string) (time.Duration, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		err = nil // n is the saturated bound
	}
	if err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, nil
	}
	if n > math.MaxInt64/int64(10*time.Millisecond) {
		return math.MaxInt64, nil
	}
	return time.Duration(n) * 10 * time.Millisecond, nil
}

// thinkingLine formats an xboard thinking line: ply, score (centipawns;
// mates as ±100000+N), time (centiseconds), nodes, PV.
func thinkingLine(in search.Info) string {
	score := in.Score.CP
	if in.Score.IsMate {
		if in.Score.Mate > 0 {
			score = 100000 + in.Score.Mate
		} else {
			score = -100000 + in.Score.Mate
		}
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(in.Depth) + " " + strconv.Itoa(score) + " " + strconv.FormatInt(in.Time.Milliseconds()/10, 10) + " " + strconv.FormatUint(in.Nodes, 10))
	for _, m := range in.PV {
		b.WriteString(" " + m.String())
	}
	return b.String()
}

// gameResult returns the xboard result line if the game is over in pos, else "".
func gameResult(pos *board.Position) string {
	var l board.MoveList
	pos.GenerateAll(&l)
	switch {
	case l.N == 0 && pos.InCheck() && pos.Side() == board.White:
		return "0-1 {Black mates}"
	case l.N == 0 && pos.InCheck():
		return "1-0 {White mates}"
	case l.N == 0:
		return "1/2-1/2 {Stalemate}"
	case pos.IsFiftyMoveDraw():
		return "1/2-1/2 {Fifty move rule}"
	case pos.IsInsufficientMaterial():
		return "1/2-1/2 {Insufficient material}"
	case pos.IsRepetition(0):
		return "1/2-1/2 {Draw by repetition}"
	}
	return ""
}
