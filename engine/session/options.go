package session

import (
	"errors"
	"slices"
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

// optionSpec declares one option, once: what `uci` lists (Option, Value
// unused), how a validated value is applied and how the current value reads
// back. New applies every default through apply, SetOption applies a value,
// Options reads get, and the UCI listing formats Option: nothing else names
// an option's default, range or field.
type optionSpec struct {
	Option
	// limit, if set, returns the configuration's lower maximum (> 0) of a
	// spin option (Config.MaxHashMB, Config.MaxThreads).
	limit func(Config) int
	// apply sets a value normalise accepted (mu held, no search running).
	// It returns an error only for a value the kind check cannot catch
	// (e.g. a BookFile that fails to load), and must then leave the
	// session untouched.
	apply func(s *Session, v string) error
	// get returns the current value in apply's form; nil for a button.
	get func(s *Session) string
}

// optionTable lists the options in the order `uci` prints them.
var optionTable = []optionSpec{
	{
		Option: Option{Name: OptHash, Type: Spin, Default: strconv.Itoa(defaultHashMB), Min: minHashMB, Max: maxHashMB},
		limit:  func(c Config) int { return c.MaxHashMB },
		apply:  (*Session).setHash,
		get:    func(s *Session) string { return strconv.Itoa(s.hashMB) },
	},
	button(OptClearHash, func(s *Session) { s.eng.clearHash() }),
	spin(OptThreads, 1, 1, maxThreads, func(s *Session) *int { return &s.threads }).
		limitedBy(func(c Config) int { return c.MaxThreads }),
	spin(OptMultiPV, 1, 1, maxMultiPV, func(s *Session) *int { return &s.multiPV }),
	check(OptPonder, false, func(s *Session) *bool { return &s.ponder }),
	spin(OptMoveOverhead, defaultOverheadMS, 0, maxOverheadMS, func(s *Session) *int { return &s.overheadMS }),
	check(OptOwnBook, false, func(s *Session) *bool { return &s.ownBook }),
	text(OptBookFile, (*Session).setBookFile, func(s *Session) string { return s.bookFile }),
	check(OptUseNNUE, true, func(s *Session) *bool { return &s.useNNUE }),
	text(OptEvalFile, (*Session).setEvalFile, func(s *Session) string { return s.evalFile }),
	spin(OptBookVariety, defaultVariety, 0, 100, func(s *Session) *int { return &s.variety }),
	check(OptLimitStrength, false, func(s *Session) *bool { return &s.limitStrength }),
	spin(OptElo, defaultElo, MinElo, MaxElo, func(s *Session) *int { return &s.elo }),
	spin(OptSkillLevel, maxSkill, 0, maxSkill, func(s *Session) *int { return &s.skill }),
	check(OptAnalyseMode, false, func(s *Session) *bool { return &s.analyse }),
	check(OptShowWDL, false, func(s *Session) *bool { return &s.showWDL }),
}

// spin declares a spin option held in the int that field points to.
func spin(name string, def, lo, hi int, field func(*Session) *int) optionSpec {
	return optionSpec{
		Option: Option{Name: name, Type: Spin, Default: strconv.Itoa(def), Min: lo, Max: hi},
		apply: func(s *Session, v string) error {
			*field(s), _ = strconv.Atoi(v) // normalise checked it
			return nil
		},
		get: func(s *Session) string { return strconv.Itoa(*field(s)) },
	}
}

// check declares a check option held in the bool that field points to.
func check(name string, def bool, field func(*Session) *bool) optionSpec {
	return optionSpec{
		Option: Option{Name: name, Type: Check, Default: strconv.FormatBool(def)},
		apply:  func(s *Session, v string) error { *field(s) = v == "true"; return nil },
		get:    func(s *Session) string { return strconv.FormatBool(*field(s)) },
	}
}

// text declares a string option (default ""): apply installs a value
// (which may fail, e.g. a file that does not load), get reads it back.
func text(name string, apply func(*Session, string) error, get func(*Session) string) optionSpec {
	return optionSpec{Option: Option{Name: name, Type: String}, apply: apply, get: get}
}

// button declares a button option: pressing it runs press.
func button(name string, press func(*Session)) optionSpec {
	return optionSpec{
		Option: Option{Name: name, Type: Button},
		apply:  func(s *Session, _ string) error { press(s); return nil },
	}
}

// limitedBy returns o with its maximum lowered by the configuration.
func (o optionSpec) limitedBy(limit func(Config) int) optionSpec {
	o.limit = limit
	return o
}

// describe returns o as this session lists it: its maximum lowered by
// the configuration where o allows that.
func (s *Session) describe(o *optionSpec) Option {
	opt := o.Option
	opt.Vars = slices.Clone(opt.Vars) // the caller's copy
	if o.limit != nil {
		if c := o.limit(s.cfg); c > 0 && c < opt.Max {
			opt.Max = c
		}
	}
	return opt
}

// setHash applies the Hash option.
func (s *Session) setHash(v string) error {
	n, _ := strconv.Atoi(v)
	if n == s.hashMB {
		return nil // the table already has this size; resizing would only clear it
	}
	if err := s.eng.setHash(n); err != nil {
		return err
	}
	s.hashMB = n
	return nil
}

// Options returns every option with its current value ("" for a button),
// in listing order.
func (s *Session) Options() []Option {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Option, 0, len(optionTable))
	for i := range optionTable {
		o := &optionTable[i]
		opt := s.describe(o)
		if o.get != nil {
			opt.Value = o.get(s)
		}
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
	for i := range optionTable {
		o := &optionTable[i]
		if !strings.EqualFold(o.Name, name) {
			continue
		}
		opt := s.describe(o)
		v, err := normalise(opt, value)
		if err != nil {
			return s.explainHashCap(opt, value, err)
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
