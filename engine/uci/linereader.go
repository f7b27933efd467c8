package uci

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
)

// MaxLineBytes is the longest input line the handler takes: a position
// line of a game of over a million and a half plies fits. Longer lines are
// refused before anything splits them, natively (LineReader keeps at most
// this much of a line in memory), in the worker and in the node runner, so
// memory follows the limit, not the input.
const MaxLineBytes = 8 << 20

// ErrLineTooLong is wrapped by the error for an input line over MaxLineBytes.
var ErrLineTooLong = errors.New("input line too long")

// lineTooLong reports a refused line: its size and its first bytes.
type lineTooLong struct {
	size  int64
	start string
	limit int
}

func (e *lineTooLong) Error() string {
	return ErrLineTooLong.Error() + ": " + strconv.FormatInt(e.size, 10) + " bytes, at most " +
		strconv.Itoa(e.limit) + " are read; it starts " + quote(e.start) + " and was skipped"
}

func (e *lineTooLong) Unwrap() error { return ErrLineTooLong }

// LongLineError returns the error HandleLine and LineReader give for an
// input line of size bytes that starts with start (front ends that measure
// a line before they hold it whole, as the worker bridge does, use it too).
func LongLineError(size int64, start string) error {
	return &lineTooLong{size: size, start: clipStart(start), limit: MaxLineBytes}
}

// clipStart keeps the first maxQuote bytes of s.
func clipStart(s string) string {
	if len(s) > maxQuote {
		return s[:maxQuote]
	}
	return s
}

// LineReader reads input lines, holding at most MaxLineBytes of one line.
type LineReader struct {
	br    *bufio.Reader
	buf   []byte
	limit int // MaxLineBytes, or less in tests
}

// NewLineReader returns a LineReader reading r.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{br: bufio.NewReaderSize(r, 64<<10), limit: MaxLineBytes}
}

// Next returns the next line without its "\n" or "\r\n" (and any more "\r"
// before them). A line whose bytes before its "\n" or "\r\n" are more than
// MaxLineBytes is read to its end but not kept: Next returns an error
// wrapping ErrLineTooLong, with its size and first bytes, and the following
// call reads the next line. At the end of input Next returns the last,
// unterminated line if there is one, then io.EOF. Other read errors are
// returned as they are.
func (lr *LineReader) Next() (string, error) {
	lr.buf = lr.buf[:0]
	var size int64
	var start []byte // the first bytes of a line found too long
	for {
		chunk, err := lr.br.ReadSlice('\n')
		size += int64(len(chunk))
		switch {
		case start != nil:
			// Too long already: only count.
		case len(lr.buf)+len(chunk) > lr.limit+2: // + "\r\n"
			start = append(lr.buf[:0:0], lr.buf[:min(len(lr.buf), maxQuote)]...)
			if len(start) < maxQuote {
				start = append(start, chunk[:min(len(chunk), maxQuote-len(start))]...)
			}
			lr.buf = lr.buf[:0]
		default:
			lr.buf = append(lr.buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && size == 0 {
			return "", err
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		// A whole line (or the input's unterminated last one).
		if start == nil && len(lineBody(lr.buf)) > lr.limit {
			start = lr.buf[:min(len(lr.buf), maxQuote)]
		}
		if start != nil {
			return "", &lineTooLong{size: size, start: string(start), limit: lr.limit}
		}
		line := bytes.TrimRight(lr.buf, "\r\n")
		return string(line), nil
	}
}

// lineBody is raw (a line as read) without its "\n" and one "\r" before
// it: the bytes the length limit counts.
func lineBody(raw []byte) []byte {
	raw = bytes.TrimSuffix(raw, []byte("\n"))
	return bytes.TrimSuffix(raw, []byte("\r"))
}
