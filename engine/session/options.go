package session

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// OptionType is the kind of a UCI option.
type OptionType uint8

// Option kinds, as UCI names them.
const (
	Check OptionType = iota
	Spin
	Combo
	Button
	String
)

// String returns the UCI name of the type ("check", "spin", …).
func (t OptionType) String() string {
	return [...]string{"check", "spin", "combo", "button", "string"}[t]
}

// Option describes one engine option: its kind, default and range. Value is
// the current value (as text; "" for buttons).
type Option struct {
	Name     string
	Type     OptionType
	Default  string
	Min, Max int      // for Spin
	Vars     []string // for Combo
	Value    string
}

// ErrUnknownOption and ErrBadValue are wrapped by SetOption's errors.
var (
	ErrUnknownOption = errors.New("unknown option")
	ErrBadValue      = errors.New("bad option value")
)

// Option names. UCI matches option names case-insensitively.
const (
	OptHash           = "Hash"
	OptClearHash      = "Clear Hash"
	OptThreads        = "Threads"
	OptMultiPV        = "MultiPV"
	OptPonder         = "Ponder"
	OptMoveOverhead   = "Move Overhead"
	OptOwnBook        = "OwnBook"
	OptBookFile       = "BookFile"
	OptBookVariety    = "Book Variety"
	OptLimitStrength  = "UCI_LimitStrength"
	OptElo            = "UCI_Elo"
	OptSkillLevel     = "Skill Level"
	OptAnalyseMode    = "UCI_AnalyseMode"
	OptShowWDL        = "UCI_ShowWDL"
	OptUseNNUE        = "Use NNUE"
	OptEvalFile       = "EvalFile"
	defaultHashMB     = 16
	maxThreads        = 256
	maxMultiPV        = 256
	defaultOverheadMS = 30
	maxOverheadMS     = 5000
	defaultVariety    = 50
	// MinElo and MaxElo bound UCI_Elo: from an absolute beginner to the
	// strongest limited level (calibrated against rated anchors later).
	MinElo     = 600
	MaxElo     = 2600
	defaultElo = 1500
	maxSkill   = 20
)

// optionSpec is one entry of the option table: its description and how a
// validated value is applied. apply returns an error only for a value the
// kind check cannot catch (e.g. a BookFile that fails to load), and must
// leave the session untouched in that case.
type optionSpec struct {
	Option
	apply func(s *Session, v string) error
}

// capTo returns limit, or lower when the configuration asks for it (cfg > 0).
func capTo(limit, cfg int) int {
	if cfg > 0 && cfg < limit {
		return cfg
	}
	return limit
}

// optionTable lists the options in the order `uci` prints them.
func (s *Session) optionTable() []optionSpec {
	return []optionSpec{
		{Option{Name: OptHash, Type: Spin, Default: strconv.Itoa(defaultHashMB), Min: minHashMB, Max: capTo(maxHashMB, s.cfg.MaxHashMB)}, func(s *Session, v string) error {
			n, _ := strconv.Atoi(v)
			if n == s.hashMB {
				return nil // the table already has this size; resizing would only clear it
			}
			if err := s.eng.setHash(n); err != nil {
				return err
			}
			s.hashMB = n
			return nil
		}},
		{Option{Name: OptClearHash, Type: Button}, func(s *Session, _ string) error { s.eng.clearHash(); return nil }},
		{Option{Name: OptThreads, Type: Spin, Default: "1", Min: 1, Max: capTo(maxThreads, s.cfg.MaxThreads)}, func(s *Session, v string) error {
			s.threads, _ = strconv.Atoi(v)
			return nil
		}},
		{Option{Name: OptMultiPV, Type: Spin, Default: "1", Min: 1, Max: maxMultiPV}, func(s *Session, v string) error {
			s.multiPV, _ = strconv.Atoi(v)
			return nil
		}},
		{Option{Name: OptPonder, Type: Check, Default: "false"}, func(s *Session, v string) error { s.ponder = v == "true"; return nil }},
		{Option{Name: OptMoveOverhead, Type: Spin, Default: strconv.Itoa(defaultOverheadMS), Min: 0, Max: maxOverheadMS}, func(s *Session, v string) error {
			s.overheadMS, _ = strconv.Atoi(v)
			return nil
		}},
		{Option{Name: OptOwnBook, Type: Check, Default: "false"}, func(s *Session, v string) error { s.ownBook = v == "true"; return nil }},
		{Option{Name: OptBookFile, Type: String, Default: ""}, (*Session).setBookFile},
		{Option{Name: OptUseNNUE, Type: Check, Default: "true"}, (*Session).setUseNNUE},
		{Option{Name: OptEvalFile, Type: String, Default: ""}, (*Session).setEvalFile},
		{Option{Name: OptBookVariety, Type: Spin, Default: strconv.Itoa(defaultVariety), Min: 0, Max: 100}, func(s *Session, v string) error {
			s.variety, _ = strconv.Atoi(v)
			return nil
		}},
		{Option{Name: OptLimitStrength, Type: Check, Default: "false"}, func(s *Session, v string) error { s.limitStrength = v == "true"; return nil }},
		{Option{Name: OptElo, Type: Spin, Default: strconv.Itoa(defaultElo), Min: MinElo, Max: MaxElo}, func(s *Session, v string) error {
			s.elo, _ = strconv.Atoi(v)
			return nil
		}},
		{Option{Name: OptSkillLevel, Type: Spin, Default: strconv.Itoa(maxSkill), Min: 0, Max: maxSkill}, func(s *Session, v string) error {
			s.skill, _ = strconv.Atoi(v)
			return nil
		}},
		{Option{Name: OptAnalyseMode, Type: Check, Default: "false"}, func(s *Session, v string) error { s.analyse = v == "true"; return nil }},
		{Option{Name: OptShowWDL, Type: Check, Default: "false"}, func(s *Session, v string) error { s.showWDL = v == "true"; return nil }},
	}
}

// value returns the current value of the named option as text.
func (s *Session) value(name string) string {
	switch name {
	case OptHash:
		return strconv.Itoa(s.hashMB)
	case OptThreads:
		return strconv.Itoa(s.threads)
	case OptMultiPV:
		return strconv.Itoa(s.multiPV)
	case OptPonder:
		return strconv.FormatBool(s.ponder)
	case OptMoveOverhead:
		return strconv.Itoa(s.overheadMS)
	case OptOwnBook:
		return strconv.FormatBool(s.ownBook)
	case OptBookFile:
		return s.bookFile
	case OptBookVariety:
		return strconv.Itoa(s.variety)
	case OptLimitStrength:
		return strconv.FormatBool(s.limitStrength)
	case OptElo:
		return strconv.Itoa(s.elo)
	case OptSkillLevel:
		return strconv.Itoa(s.skill)
	case OptAnalyseMode:
		return strconv.FormatBool(s.analyse)
	case OptShowWDL:
		return strconv.FormatBool(s.showWDL)
	}
	return ""
}

// Options returns every option with its current value, in listing order.
func (s *Session) Options() []Option {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Option
	for _, o := range s.optionTable() {
		opt := o.Option
		opt.Value = s.value(opt.Name)
		out = append(out, opt)
	}
	return out
}

// SetOption sets the option called name (matched case-insensitively) to
// value. Check values are "true"/"false", spin values integers within
// [Min, Max], a button ignores its value, a string value "<empty>" means "".
// Errors wrap ErrUnknownOption or ErrBadValue (or the failure of applying the
// value, such as a book that does not load) and leave every option as it was.
// Options cannot change while a search runs (ErrSearching).
func (s *Session) SetOption(name, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.idleLocked() {
		return ErrSearching
	}
	for _, o := range s.optionTable() {
		if !strings.EqualFold(o.Name, name) {
			continue
		}
		v, err := normalise(o.Option, value)
		if err != nil {
			return s.explainHashCap(o.Option, value, err)
		}
		if err := o.apply(s, v); err != nil {
			return &fileError{"option " + o.Name, err}
		}
		return nil
	}
	return &optError{"option " + quoteInput(name) + " does not exist", ErrUnknownOption}
}

// quoteInput quotes at most 200 bytes of s: error messages quote input, and
// an input line may be megabytes long.
func quoteInput(s string) string {
	const maxQuote = 200
	if len(s) > maxQuote {
		return strconv.Quote(s[:clipLen(s, maxQuote)]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
	}
	return strconv.Quote(s)
}

// ClipInput shortens s to at most n bytes, cut on a character boundary, and
// says how long it was: error messages quote their input, and an input line
// or message field may be megabytes long. The UCI handler and the wasm
// bridge use it for every quote.
func ClipInput(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:clipLen(s, n)] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// clipLen is the longest prefix of s of at most n bytes that ends on a
// character boundary (len(s) > n).
func clipLen(s string, n int) int {
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return cut
}

// explainHashCap adds Config.MaxHashWhy to the error for a Hash value above
// a configured MaxHashMB; other errors pass unchanged.
func (s *Session) explainHashCap(o Option, value string, err error) error {
	var oe *optError
	if o.Name != OptHash || s.cfg.MaxHashWhy == "" || s.cfg.MaxHashMB <= 0 || !errors.As(err, &oe) {
		return err
	}
	if n, perr := strconv.Atoi(strings.TrimSpace(value)); perr != nil || n <= o.Max {
		return err
	}
	return &optError{oe.msg + " (" + s.cfg.MaxHashWhy + ")", oe.err}
}

// normalise validates value against o's kind and returns it in canonical form.
func normalise(o Option, value string) (string, error) {
	value = strings.TrimSpace(value)
	bad := func(why string) error {
		return &optError{"option " + o.Name + ": value " + quoteInput(value) + " " + why, ErrBadValue}
	}
	switch o.Type {
	case Check:
		switch strings.ToLower(value) {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return "", bad("is not true or false")
	case Spin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", bad("is not an integer")
		}
		if n < o.Min || n > o.Max {
			return "", bad("is out of range " + strconv.Itoa(o.Min) + ".." + strconv.Itoa(o.Max))
		}
		return strconv.Itoa(n), nil
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return "", bad("is not one of " + strings.Join(o.Vars, ", "))
	case String:
		if value == "<empty>" {
			return "", nil
		}
		return value, nil
	}
	return "", nil // Button
}

type optError struct {
	msg string
	err error
}

func (e *optError) Error() string { return e.msg }
func (e *optError) Unwrap() error { return e.err }
