package usi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/lines"
)

// Config says how to run an engine.
type Config struct {
	Path string   // the program; a bare name is looked up in PATH
	Args []string // its arguments
	// Dir is the working directory. Empty means the program's own
	// directory, where engines look for their evaluation files.
	Dir string
	Env []string // added to the environment
	// Options are set after usiok, each checked against what the engine
	// declares: an unknown name or a bad value fails Start.
	Options []Setting
	// Log receives the transcript (">" sent, "<" received) and the
	// engine's stderr ("!"), never the terminal. Nil discards them.
	Log *log.Logger
	// Timeout bounds the wait for usiok and for readyok (default 30 s:
	// large evaluation files take a while to load).
	Timeout time.Duration
	// StopGrace bounds the wait for bestmove after stop (default 5 s).
	StopGrace time.Duration
	// QuitGrace is how long quit may take before the process is killed
	// (default 2 s).
	QuitGrace time.Duration
	// MaxJunk is how many unreadable lines one command tolerates before
	// the engine counts as flooding garbage (default 1000).
	MaxJunk int
}

// Setting is an option value to send.
type Setting struct{ Name, Value string }

// Fault says what went wrong with an engine.
type Fault uint8

// The faults an engine can commit.
const (
	NotStarted Fault = iota + 1 // the program could not be run
	Exited                      // the process ended or closed its output
	NoAnswer                    // no usiok, readyok, bestmove after stop, or quit in time
	BadMove                     // a bestmove that does not read
	Junk                        // a flood of lines that do not read
	BadOption                   // an option the engine does not declare, or a bad value
)

var faultNames = [...]string{NotStarted: "not started", Exited: "exited", NoAnswer: "no answer",
	BadMove: "bad move", Junk: "junk", BadOption: "bad option"}

func (f Fault) String() string {
	if int(f) < len(faultNames) && faultNames[f] != "" {
		return faultNames[f]
	}
	return fmt.Sprintf("fault(%d)", int(f))
}

// Error is an engine's fault. Its message names the engine and says what
// happened: "fake exited before sending usiok (exit status 3): cannot open eval".
type Error struct {
	Engine string
	Fault  Fault
	Msg    string
	Err    error
}

func (e *Error) Error() string { return e.Engine + " " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Engine is one running USI engine process. Its methods are not safe for
// concurrent use, except PonderHit, Stop and Kill, which may be called
// while Go waits.
type Engine struct {
	cfg     Config
	name    string
	author  string
	options []Option
	label   atomic.Value // string, for the log: name and pid; read by the reader goroutine

	cmd   *exec.Cmd
	stdin *os.File      // the write end of the engine's input, which takes a deadline
	lines chan string   // from the reader; closed when the output ends
	done  chan struct{} // closed once the process has been waited for

	wmu     sync.Mutex // guards writes and closed
	closed  bool
	exitErr error // valid after done is closed
	stderr  *tailWriter
	broken  error // the fault that left the engine unusable
}

// Start runs the engine, reads its id and options up to usiok, sets the
// configured options and waits for readyok. The engine's name before it
// says "id name" is its file name. On failure the process is gone and
// the error is an *Error (or ctx's error).
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.StopGrace <= 0 {
		cfg.StopGrace = 5 * time.Second
	}
	if cfg.QuitGrace <= 0 {
		cfg.QuitGrace = 2 * time.Second
	}
	if cfg.MaxJunk <= 0 {
		cfg.MaxJunk = 1000
	}
	e := &Engine{cfg: cfg, name: filepath.Base(cfg.Path), lines: make(chan string, 256), done: make(chan struct{})}
	e.label.Store(e.name)
	path := cfg.Path
	if path == "" {
		return nil, &Error{Engine: "engine", Fault: NotStarted, Msg: "has no program to run"}
	}
	if !strings.ContainsRune(path, os.PathSeparator) {
		p, err := exec.LookPath(path)
		if err != nil {
			return nil, &Error{Engine: e.name, Fault: NotStarted, Msg: fmt.Sprintf("cannot be run: %v", unwrapPath(err)), Err: err}
		}
		path = p
	}
	cmd := exec.Command(path, cfg.Args...)
	ownGroup(cmd)
	cmd.Dir = cfg.Dir
	if cmd.Dir == "" {
		cmd.Dir = filepath.Dir(path)
	}
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	// A pipe of our own (not StdinPipe) so that writes can have a
	// deadline: an engine that stops reading must not block its caller.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, &Error{Engine: e.name, Fault: NotStarted, Msg: "cannot be run: " + err.Error(), Err: err}
	}
	cmd.Stdin = inR
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, &Error{Engine: e.name, Fault: NotStarted, Msg: "cannot be run: " + err.Error(), Err: err}
	}
	e.stderr = &tailWriter{e: e}
	cmd.Stderr = e.stderr
	// An engine whose children keep its stderr open must not keep Wait
	// waiting for ever.
	cmd.WaitDelay = time.Second
	err = cmd.Start()
	inR.Close() // the engine holds it now
	if err != nil {
		inW.Close()
		return nil, &Error{Engine: e.name, Fault: NotStarted, Msg: fmt.Sprintf("cannot be run: %v", unwrapPath(err)), Err: err}
	}
	e.cmd, e.stdin = cmd, inW
	e.label.Store(fmt.Sprintf("%s[%d]", e.name, cmd.Process.Pid))
	go e.read(stdout)

	if err := e.handshake(ctx); err != nil {
		e.shutdown()
		return nil, err
	}
	for _, s := range cfg.Options {
		if err := e.SetOption(s.Name, s.Value); err != nil {
			e.Close()
			return nil, err
		}
	}
	if err := e.IsReady(ctx); err != nil {
		e.shutdown()
		return nil, err
	}
	return e, nil
}

// unwrapPath drops the "fork/exec PATH:" wrapping of a start error.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}

// Name returns the engine's id name (its file name if it gave none).
func (e *Engine) Name() string { return e.name }

// Author returns the engine's id author.
func (e *Engine) Author() string { return e.author }

// Options returns the options the engine declared.
func (e *Engine) Options() []Option { return e.options }

// PID returns the engine's process id.
func (e *Engine) PID() int { return e.cmd.Process.Pid }

// Option returns the declared option called name.
func (e *Engine) Option(name string) (Option, bool) {
	for _, o := range e.options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

func (e *Engine) logf(format string, args ...any) {
	if e.cfg.Log != nil {
		e.cfg.Log.Printf("%s "+format, append([]any{e.label.Load()}, args...)...)
	}
}

// read passes the engine's output line by line to e.lines. A line longer
// than 64 KiB is cut there (the rest is dropped). When the output ends it
// closes e.lines, waits for the process and closes e.done.
func (e *Engine) read(stdout io.Reader) {
	const maxLine = 64 << 10
	r := lines.NewReader(stdout, maxLine)
	for {
		line, err := r.Next()
		if err != nil {
			break
		}
		line = strings.TrimRight(line, "\r")
		e.logf("< %s", line)
		e.lines <- line
	}
	close(e.lines)
	err := e.cmd.Wait()
	e.wmu.Lock()
	e.exitErr = err
	e.closed = true
	e.wmu.Unlock()
	close(e.done)
}

// send writes one command line. A write the engine does not take within
// Timeout (it stopped reading its input) kills it.
func (e *Engine) send(line string) error {
	e.wmu.Lock()
	if e.closed {
		err := e.exitedLocked("before it could be sent " + Command(line))
		e.wmu.Unlock()
		return err
	}
	e.logf("> %s", line)
	e.stdin.SetWriteDeadline(time.Now().Add(e.cfg.Timeout))
	_, err := io.WriteString(e.stdin, line+"\n")
	e.wmu.Unlock()
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		e.shutdown()
		return e.fail(&Error{Engine: e.name, Fault: NoAnswer, Msg: fmt.Sprintf("stopped reading its input (%s waited %v) and was killed", Command(line), e.cfg.Timeout)})
	case err != nil:
		return e.exited("while being sent " + Command(line))
	}
	return nil
}

// exited builds the fault of an engine whose process ended or closed its
// output, with its exit status and the last thing it said on stderr.
func (e *Engine) exited(when string) *Error {
	e.wmu.Lock()
	defer e.wmu.Unlock()
	return e.exitedLocked(when)
}

func (e *Engine) exitedLocked(when string) *Error {
	status := ""
	if e.exitErr != nil {
		status = " (" + e.exitErr.Error() + ")"
	}
	msg := "exited " + when + status
	if tail := e.stderr.last(); tail != "" {
		msg += "; the last it said on stderr: " + tail
	}
	return &Error{Engine: e.name, Fault: Exited, Msg: msg, Err: e.exitErr}
}

// outputEnded reports the end of the engine's output: it waits briefly
// for the process to end so the message can give its exit status, and
// kills it if it lingers without output.
func (e *Engine) outputEnded(when string) *Error {
	if !e.reap(e.cfg.QuitGrace) {
		e.shutdown()
		return e.fail(&Error{Engine: e.name, Fault: Exited, Msg: "closed its output " + when + " and was killed"})
	}
	return e.fail(e.exited(when))
}

// reap discards the engine's output until the process has been waited
// for, or timeout passes (0: no limit); it reports whether it ended.
func (e *Engine) reap(timeout time.Duration) bool {
	var tc <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		tc = t.C
	}
	lines := e.lines
	for {
		select {
		case <-e.done:
			return true
		case _, ok := <-lines:
			if !ok {
				lines = nil // closed: wait for done alone
			}
		case <-tc:
			return false
		}
	}
}

// shutdown kills the process and waits for it, reading what is left of
// its output so the reader can finish.
func (e *Engine) shutdown() {
	e.Kill()
	e.reap(0)
}

// sendFailed explains a failed send: the engine stopped reading (send
// already said so), or its process ended.
func (e *Engine) sendFailed(when string) *Error {
	if e.broken != nil {
		var ue *Error
		if errors.As(e.broken, &ue) {
			return ue
		}
	}
	return e.outputEnded(when)
}

// fail records err as the fault that broke the engine and returns it.
func (e *Engine) fail(err *Error) *Error {
	if e.broken == nil {
		e.broken = err
	}
	return err
}

// await reads lines until handle says it is done, the output ends, ctx
// ends or timeout passes (a timeout of 0 waits for ctx alone). handle
// returns whether it recognised the line; too many lines it did not
// recognise are a Junk fault and the engine is killed.
func (e *Engine) await(ctx context.Context, timeout time.Duration, what string, handle func(line string) (done, known bool, err error)) error {
	if e.broken != nil {
		return e.broken
	}
	var tc <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		tc = t.C
	}
	junk, firstJunk := 0, ""
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return e.outputEnded("before sending " + what)
			}
			done, known, err := handle(line)
			if err != nil {
				return err
			}
			if done {
				return nil
			}
			if !known && strings.TrimSpace(line) != "" {
				if junk == 0 {
					firstJunk = line
				}
				if junk++; junk > e.cfg.MaxJunk {
					e.shutdown()
					return e.fail(&Error{Engine: e.name, Fault: Junk,
						Msg: fmt.Sprintf("sent more than %d lines that are not USI instead of %s (the first: %q) and was killed", e.cfg.MaxJunk, what, clip(firstJunk))})
				}
			}
		case <-tc:
			e.shutdown()
			return e.fail(&Error{Engine: e.name, Fault: NoAnswer, Msg: fmt.Sprintf("sent no %s within %v and was killed", what, timeout)})
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("usi"); err != nil {
		return e.sendFailed("before sending usiok") // as await says it when the output ends first
	}
	return e.await(ctx, e.cfg.Timeout, "usiok", func(line string) (bool, bool, error) {
		switch Command(line) {
		case "usiok":
			e.label.Store(fmt.Sprintf("%s[%d]", e.name, e.cmd.Process.Pid))
			return true, true, nil
		case "id":
			if k, v, err := ParseID(line); err == nil && v != "" {
				if k == "name" {
					e.name = v
				} else {
					e.author = v
				}
			}
		case "option":
			o, err := ParseOption(line)
			if err != nil {
				e.logf("ignored: %v", err)
				return false, true, nil
			}
			e.options = append(e.options, o)
		default:
			// Banners and chatter before usiok are allowed; they are logged.
		}
		return false, true, nil
	})
}

// SetOption sends setoption for an option the engine declared, with a
// value checked against its type.
func (e *Engine) SetOption(name, value string) error {
	o, ok := e.Option(name)
	if !ok {
		var names []string
		for _, o := range e.options {
			names = append(names, o.Name)
		}
		msg := fmt.Sprintf("has no option %q", name)
		if len(names) > 0 {
			msg += " (it has " + strings.Join(names, ", ") + ")"
		}
		return &Error{Engine: e.name, Fault: BadOption, Msg: msg}
	}
	if err := o.CheckValue(value); err != nil {
		return &Error{Engine: e.name, Fault: BadOption, Msg: "refuses a value: " + err.Error(), Err: err}
	}
	return e.send(FormatSetOption(name, value))
}

// IsReady sends isready and waits for readyok.
func (e *Engine) IsReady(ctx context.Context) error {
	if e.broken != nil {
		return e.broken
	}
	if err := e.send("isready"); err != nil {
		return e.sendFailed("before sending readyok")
	}
	return e.await(ctx, e.cfg.Timeout, "readyok", func(line string) (bool, bool, error) {
		switch Command(line) {
		case "readyok":
			return true, true, nil
		case "info":
			return false, true, nil // engines report loading progress
		}
		return false, false, nil
	})
}

// NewGame readies the engine for a game: isready, readyok, usinewgame.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.IsReady(ctx); err != nil {
		return err
	}
	return e.send("usinewgame")
}

// GameOver tells the engine how the game ended for the side c it played.
func (e *Engine) GameOver(r game.Result, c game.Color) error {
	if e.broken != nil {
		return e.broken
	}
	return e.send(FormatGameOver(r, c))
}

// Go searches the position r's moves reach from its start under r's
// limits and returns the engine's bestmove. r.Info, if not nil, receives
// each info line (read against the searched position) on the caller's
// goroutine. r.MultiPV is the engine's option, not go's, and is not sent.
//
// When ctx ends first, Go sends stop and waits up to StopGrace for the
// bestmove that must follow, so the engine is ready for the next command;
// it then returns ctx's error. An engine that does not answer stop is
// killed and the error is an *Error (NoAnswer). A bestmove that does not
// read is an *Error (BadMove) wrapping a *MoveError; one that reads but is
// illegal comes back for the caller to judge.
//
// Pondering: after its own move with the reply it expects (BestMove.Ponder),
// a caller whose engine declares USI_Ponder (set to true) calls Go with the
// game and both moves played, r.Limits the clock as it stands with Ponder
// set, and r.PonderHit a channel of its own. If the opponent plays the
// expected move, closing the channel sends ponderhit and Go returns the
// engine's move under the clock, counted from the hit; if not, ending ctx
// stops the search (its answer is not wanted) and a fresh Go follows.
func (e *Engine) Go(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	if e.broken != nil {
		return engine.BestMove{}, e.broken
	}
	start, moves, limits, info := r.Start, r.Moves, r.Limits, r.Info
	pos := start
	for _, m := range moves {
		if !pos.IsLegal(m) {
			// gpsusi hangs on an illegal position: never send one.
			return engine.BestMove{}, fmt.Errorf("usi: will not send %s an illegal position (move %s)", e.name, m)
		}
		pos = pos.Play(m)
	}
	if err := e.send(FormatPosition(start, moves)); err != nil {
		return engine.BestMove{}, e.sendFailed("before it was sent the position")
	}
	if err := e.send(FormatGo(limits)); err != nil {
		return engine.BestMove{}, e.sendFailed("before it was sent go")
	}
	if limits.Ponder && r.PonderHit != nil {
		defer e.forward(r.PonderHit, e.PonderHit)()
	}
	if r.Hurry != nil {
		// stop, here, asks for the move now: its bestmove is the answer.
		defer e.forward(r.Hurry, e.Stop)()
	}
	return e.wait(ctx, pos, info, nil)
}

// forward sends a command (send: ponderhit, stop) when ch is closed, until
// the returned function is called (the search has answered): one that
// comes after the answer is not sent, since the engine would read it as
// a stray command.
func (e *Engine) forward(ch <-chan struct{}, send func() error) (over func()) {
	var mu sync.Mutex
	ended := false
	quit := make(chan struct{})
	go func() {
		select {
		case <-ch:
			mu.Lock()
			defer mu.Unlock()
			if !ended {
				_ = send() // a failed write shows in wait as the engine's end
			}
		case <-quit:
		}
	}()
	return func() {
		mu.Lock()
		ended = true
		mu.Unlock()
		close(quit)
	}
}

// wait reads a search's output up to bestmove (or checkmate when mate is
// not nil), stopping the search when ctx ends.
func (e *Engine) wait(ctx context.Context, pos game.Position, info func(engine.Info), mate *Checkmate) (engine.BestMove, error) {
	var best engine.BestMove
	var ctxErr error
	stopping := false
	waitCtx := context.WithoutCancel(ctx)
	for {
		answer := "bestmove"
		if mate != nil {
			answer = "checkmate"
		}
		var timeout time.Duration
		if stopping {
			answer = "bestmove after stop"
			timeout = e.cfg.StopGrace
		}
		// Watch ctx while the search runs; once stopped, only the grace counts.
		watch := ctx
		if stopping {
			watch = waitCtx
		}
		err := e.await(watch, timeout, answer, func(line string) (bool, bool, error) {
			switch Command(line) {
			case "info":
				in, err := ParseInfo(line, pos)
				if err != nil {
					e.logf("ignored: %v", err)
					return false, false, nil
				}
				if info != nil && !stopping {
					info(in)
				}
				return false, true, nil
			case "bestmove":
				if mate != nil {
					return false, false, nil
				}
				b, err := ParseBestMove(line, pos)
				if err != nil && !stopping {
					var me *MoveError
					if errors.As(err, &me) {
						return true, true, &Error{Engine: e.name, Fault: BadMove, Msg: "sent an " + me.Error(), Err: err}
					}
					return true, true, &Error{Engine: e.name, Fault: BadMove, Msg: fmt.Sprintf("sent a bestmove that does not read: %q", clip(line)), Err: err}
				}
				best = b
				return true, true, nil
			case "checkmate":
				if mate == nil {
					return false, false, nil
				}
				c, err := ParseCheckmate(line, pos)
				if err != nil && !stopping {
					return true, true, &Error{Engine: e.name, Fault: BadMove, Msg: "sent a checkmate that does not hold: " + err.Error(), Err: err}
				}
				*mate = c
				return true, true, nil
			}
			return false, false, nil
		})
		if err == nil {
			if stopping {
				return engine.BestMove{}, ctxErr
			}
			return best, nil
		}
		if !errors.Is(err, ctx.Err()) || ctx.Err() == nil || stopping {
			return engine.BestMove{}, err
		}
		ctxErr = err
		stopping = true
		if serr := e.send("stop"); serr != nil {
			return engine.BestMove{}, e.sendFailed("while being stopped")
		}
	}
}

// GoMate runs a mate search ("go mate") of r's position for at most d (0:
// no limit) and returns its answer; r's limits are not used. A mating
// sequence that does not hold is an *Error (BadMove).
func (e *Engine) GoMate(ctx context.Context, r engine.Request, d time.Duration) (Checkmate, error) {
	if e.broken != nil {
		return Checkmate{}, e.broken
	}
	start, moves := r.Start, r.Moves
	pos := start
	for _, m := range moves {
		if !pos.IsLegal(m) {
			return Checkmate{}, fmt.Errorf("usi: will not send %s an illegal position (move %s)", e.name, m)
		}
		pos = pos.Play(m)
	}
	if err := e.send(FormatPosition(start, moves)); err != nil {
		return Checkmate{}, e.sendFailed("before it was sent the position")
	}
	if err := e.send(FormatGoMate(d)); err != nil {
		return Checkmate{}, e.sendFailed("before it was sent go mate")
	}
	var c Checkmate
	_, err := e.wait(ctx, pos, nil, &c)
	return c, err
}

// PonderHit tells a pondering engine that the expected move was played;
// the Go waiting on "go ponder" goes on to its bestmove.
func (e *Engine) PonderHit() error { return e.send("ponderhit") }

// Stop asks a running search to end now; the waiting Go returns the
// engine's bestmove.
func (e *Engine) Stop() error { return e.send("stop") }

// Kill ends the process at once. It is safe to call at any time.
func (e *Engine) Kill() {
	if e.cmd != nil && e.cmd.Process != nil {
		e.cmd.Process.Kill()
	}
}

// Exited is closed once the process has ended.
func (e *Engine) Exited() <-chan struct{} { return e.done }

// Close sends quit and waits QuitGrace for the process to end; an engine
// still running then is killed and Close returns an *Error (NoAnswer). It
// is safe to call more than once.
func (e *Engine) Close() error {
	if e.cmd == nil {
		return nil
	}
	select {
	case <-e.done:
		return nil
	default:
	}
	e.send("quit")
	e.wmu.Lock()
	e.stdin.Close()
	e.wmu.Unlock()
	// Reading on while waiting lets a talkative engine reach its exit.
	if e.reap(e.cfg.QuitGrace) {
		return nil
	}
	e.shutdown()
	return &Error{Engine: e.name, Fault: NoAnswer, Msg: fmt.Sprintf("did not quit within %v and was killed", e.cfg.QuitGrace)}
}

// tailWriter logs an engine's stderr line by line and keeps its last line
// for messages.
type tailWriter struct {
	e    *Engine
	mu   sync.Mutex
	part []byte
	tail string
}

func (w *tailWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.part = append(w.part, b...)
	for {
		i := strings.IndexByte(string(w.part), '\n')
		if i < 0 {
			break
		}
		line := strings.TrimRight(string(w.part[:i]), "\r")
		w.part = w.part[i+1:]
		w.e.logf("! %s", line)
		if t := strings.TrimSpace(line); t != "" {
			w.tail = t
		}
	}
	if len(w.part) > 4096 {
		w.e.logf("! %s", w.part)
		w.tail, w.part = string(w.part[:200]), nil
	}
	return len(b), nil
}

func (w *tailWriter) last() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if p := strings.TrimSpace(string(w.part)); p != "" {
		return clip(p)
	}
	return clip(w.tail)
}
