package serve

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/cardsim/cardsim/experiment"
)

//go:embed assets
var assets embed.FS

// Options are the settings of a workbench.
type Options struct {
	// Addr is the address to listen on, such as 127.0.0.1:8080.
	Addr string
	// AllowRemote lets Addr be other than loopback. The workbench then
	// asks every request for the token it prints at start-up, whatever
	// its Host, and no longer checks the Host.
	AllowRemote bool
	// Dir holds the runs, each an output directory with its record
	// beside it.
	Dir string
	// MaxConcurrent is the most runs under way at once.
	MaxConcurrent int
	// MaxDeals is the most deals a run may play, every point of a sweep
	// and every study of a report together.
	MaxDeals int64
	// KeepRecords is how many runs keep their records (a row per seat of
	// every deal), the most recent; the records of older runs are removed
	// when a run ends and at start-up. Zero keeps none.
	KeepRecords int
	// ReadTimeout bounds the reading of a request, its body included, and
	// IdleTimeout how long a connection may wait for its next request:
	// DefaultReadTimeout and DefaultIdleTimeout if zero.
	ReadTimeout, IdleTimeout time.Duration
	// Runner returns a runner with the registries and workers; the
	// workbench gives each run its own meter.
	Runner func() *experiment.Runner
}

// The workbench's bounds on a connection, and on a request's form.
const (
	DefaultReadTimeout = 20 * time.Second
	DefaultIdleTimeout = 30 * time.Second
	readHeaderTimeout  = 10 * time.Second
	// MaxFormBytes is the largest form a request may send: far more than
	// the largest sweep of the form (MaxSweepPoints values) takes.
	MaxFormBytes = 1 << 20
	// DefaultKeepRecords is how many runs keep their records by default.
	DefaultKeepRecords = 5
	// RecordsMaxRows is the most rows of records a run writes (a row per
	// seat of every game played: deals × seats × seatings): a run of more
	// keeps its figures, not every seat of every deal. A row is about
	// 100 bytes in Nora and 160 in Round-up.
	RecordsMaxRows = 1_000_000
)

// Server is a workbench.
type Server struct {
	opts   Options
	runs   *runs
	token  string // "" unless AllowRemote
	pages  *template.Template
	unlock func() // lets --dir go
}

// IsLoopback reports whether addr (host:port) listens on loopback only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// New returns a workbench over opts, or an error for settings it refuses:
// an address that is not loopback without AllowRemote, no room for a run,
// a directory another workbench is using. It removes what runs killed
// mid-way left in Dir, and the records of runs beyond KeepRecords.
func New(opts Options) (*Server, error) {
	if !IsLoopback(opts.Addr) && !opts.AllowRemote {
		return nil, fmt.Errorf("--addr %s is not a loopback address: the workbench runs experiments for whoever reaches it; give --allow-remote to serve other machines (a token is then required)", opts.Addr)
	}
	if opts.MaxConcurrent < 1 {
		return nil, fmt.Errorf("--max-concurrent %d: want at least 1", opts.MaxConcurrent)
	}
	if opts.MaxDeals < 2 {
		return nil, fmt.Errorf("--max-deals %d: want at least 2", opts.MaxDeals)
	}
	if opts.KeepRecords < 0 {
		return nil, fmt.Errorf("--keep-records %d: want 0 or more", opts.KeepRecords)
	}
	if opts.ReadTimeout <= 0 {
		opts.ReadTimeout = DefaultReadTimeout
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("--dir: %w", err)
	}
	unlock, err := lockDir(opts.Dir)
	if err != nil {
		return nil, err
	}
	pages, err := template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html")
	if err != nil {
		unlock()
		return nil, err
	}
	rs, err := openRuns(opts.Dir, opts.MaxConcurrent, opts.KeepRecords)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("--dir: %w", err)
	}
	s := &Server{opts: opts, pages: pages, runs: rs, unlock: unlock}
	if opts.AllowRemote {
		var b [16]byte
		rand.Read(b[:])
		s.token = hex.EncodeToString(b[:])
	}
	return s, nil
}

// URL returns the address to open, with the token if one is needed.
func (s *Server) URL(addr string) string {
	u := "http://" + addr + "/"
	if s.token != "" {
		u += "?token=" + s.token
	}
	return u
}

// Serve serves on ln until ctx is done, printing the address to w; then it
// stops taking requests, cancels the runs under way and waits for them to
// end, so the runs finished stay as they are.
//
// A request's headers must come within 10 s and the whole request within
// ReadTimeout; a connection idle for IdleTimeout is closed. There is no
// bound on writing: a run's progress streams for as long as it runs.
func (s *Server) Serve(ctx context.Context, ln net.Listener, w io.Writer) error {
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout: s.opts.ReadTimeout, IdleTimeout: s.opts.IdleTimeout,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	fmt.Fprintf(w, "cardsim workbench: %s (Ctrl-C to stop)\n", s.URL(ln.Addr().String()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s.runs.cancelAll()
	err := srv.Shutdown(shut)
	s.Close()
	if errors.Is(err, context.DeadlineExceeded) {
		err = nil // event streams left open end with the process
	}
	fmt.Fprintln(w, "cardsim workbench: stopped; the runs finished are kept in", s.opts.Dir)
	return err
}

// Close cancels the runs under way, waits for them to end and lets the
// directory go. Serve does so when it stops; a caller serving Handler
// itself calls Close.
func (s *Server) Close() {
	s.runs.cancelAll()
	s.runs.wg.Wait()
	s.runs.close()
	if s.unlock != nil {
		s.unlock()
		s.unlock = nil
	}
}

// Handler returns the workbench's routes, behind its checks (guard).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /game/{game}", s.game)
	mux.HandleFunc("POST /runs", s.start)
	mux.HandleFunc("GET /report", s.reportForm)
	mux.HandleFunc("POST /report", s.report)
	mux.HandleFunc("GET /compare", s.sideBySide)
	mux.HandleFunc("GET /runs/{id}", s.show)
	mux.HandleFunc("GET /runs/{id}/events", s.events)
	mux.HandleFunc("GET /runs/{id}/progress", s.progressJSON)
	mux.HandleFunc("POST /runs/{id}/cancel", s.cancel)
	mux.HandleFunc("POST /runs/{id}/delete", s.remove)
	mux.HandleFunc("GET /runs/{id}/files/{name}", s.file)
	mux.HandleFunc("GET /runs/{id}/records.csv", s.records)
	mux.Handle("GET /assets/", http.FileServerFS(assets))
	return s.guard(mux)
}
