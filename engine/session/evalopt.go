package session

import (
	"errors"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
)

// The evaluation. With Use NNUE on (the default: the built-in net beat the
// hand-written evaluation at 10+0.1 natively and as wasm; docs/nnue.md),
// full-strength searches use the learned evaluation: the net of EvalFile, or
// the one built into the engine when EvalFile is empty. Weakened play (Skill
// Level below 20 or UCI_LimitStrength) always uses the hand-written
// evaluation, which its levels were calibrated with, so a level's Elo label
// stays true.

// evalMode is the evaluator installed in the searcher.
type evalMode uint8

const (
	evalHCE evalMode = iota
	evalNet
)

// setEvalFile applies the EvalFile option: "" selects the built-in net;
// anything else is read through Config.ReadNetFile and must be a net this
// build reads whose scores are plausible (eval.Net.Plausible). On error the
// net in use stays.
func (s *Session) setEvalFile(name string) error {
	if name == "" {
		net, err := eval.DefaultNet()
		if err != nil {
			return err
		}
		s.net, s.evalFile = net, ""
		s.evalInstalled = false
		return nil
	}
	if s.cfg.ReadNetFile == nil {
		return errors.New("loading a net file is not available in this build; the built-in net is in use")
	}
	data, err := s.cfg.ReadNetFile(name)
	if err != nil {
		return err
	}
	net, err := eval.ParseNet(data)
	if err == nil {
		err = net.Plausible()
	}
	if err != nil {
		return &fileError{name, err}
	}
	s.net, s.evalFile = net, name
	s.evalInstalled = false
	return nil
}

// evalModeFor returns the evaluation a search planned as p uses.
func (s *Session) evalModeFor(p plan) evalMode {
	if s.useNNUE && s.net != nil && !p.weak {
		return evalNet
	}
	return evalHCE
}

// installEvalLocked makes the searcher evaluate with mode (mu held, no
// search running). Switching allocates each thread's evaluator again, so
// it happens only when the mode or the net changes.
func (s *Session) installEvalLocked(mode evalMode) {
	if s.evalInstalled && s.evalMode == mode {
		return
	}
	s.eng.s.SetEval(s.searchEval(mode))
	s.evalMode, s.evalInstalled = mode, true
}

// searchEval is the search's evaluation for mode.
func (s *Session) searchEval(mode evalMode) search.Eval {
	if mode == evalNet {
		return search.Eval{Net: s.net}
	}
	return search.HandWrittenEval
}

// Net returns the net of EvalFile (or the built-in one), nil if none loads.
func (s *Session) Net() *eval.Net {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.net
}

// UsesNNUE reports whether full-strength searches evaluate with the net.
func (s *Session) UsesNNUE() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.useNNUE && s.net != nil
}
