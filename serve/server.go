package serve

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"net/url"
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
	// AllowRemote lets Addr be other than loopback; the workbench then
	// asks every request for the token it prints at start-up.
	AllowRemote bool
	// Dir holds the runs, each an output directory.
	Dir string
	// MaxConcurrent is the most runs under way at once.
	MaxConcurrent int
	// MaxDeals is the most deals a run may play, every point of a sweep
	// together.
	MaxDeals int64
	// Runner returns a runner with the registries and workers; the
	// workbench gives each run its own meter.
	Runner func() *experiment.Runner
}

// Server is a workbench.
type Server struct {
	opts  Options
	runs  *runs
	token string // "" on loopback
	pages *template.Template
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
// an address that is not loopback without AllowRemote, no room for a run.
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
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("--dir: %w", err)
	}
	pages, err := template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, err
	}
	s := &Server{opts: opts, pages: pages,
		runs: &runs{dir: opts.Dir, slot: make(chan struct{}, opts.MaxConcurrent), live: map[string]*run{}}}
	if opts.AllowRemote && !IsLoopback(opts.Addr) {
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
func (s *Server) Serve(ctx context.Context, ln net.Listener, w io.Writer) error {
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	fmt.Fprintf(w, "cardsim workbench: %s (Ctrl-C to stop)\n", s.URL(ln.Addr().String()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
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

// Close cancels the runs under way and waits for them to end. Serve does
// so when it stops; a caller serving Handler itself calls Close.
func (s *Server) Close() {
	s.runs.cancelAll()
	s.runs.wg.Wait()
}

// cancelAll cancels every run under way.
func (rs *runs) cancelAll() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range rs.live {
		if r.cancel != nil {
			r.cancel()
		}
	}
}

// Handler returns the workbench's routes, behind its checks.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /game/{game}", s.game)
	mux.HandleFunc("POST /runs", s.start)
	mux.HandleFunc("POST /report", s.report)
	mux.HandleFunc("GET /runs/{id}", s.show)
	mux.HandleFunc("GET /runs/{id}/events", s.events)
	mux.HandleFunc("GET /runs/{id}/progress", s.progressJSON)
	mux.HandleFunc("POST /runs/{id}/cancel", s.cancel)
	mux.HandleFunc("GET /runs/{id}/files/{name}", s.file)
	mux.HandleFunc("GET /runs/{id}/records.csv", s.records)
	mux.Handle("GET /assets/", http.FileServerFS(assets))
	return s.guard(mux)
}

// guard checks every request: the token, where one is needed (taken from
// the address once, then kept in a cookie), and for a POST an Origin that
// is the workbench's own.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.token != "" {
			given := r.URL.Query().Get("token")
			if c, err := r.Cookie("cardsim_token"); given == "" && err == nil {
				given = c.Value
			}
			if subtle.ConstantTimeCompare([]byte(given), []byte(s.token)) != 1 {
				http.Error(w, "this workbench asks for the token it printed when it started: open the address it printed", http.StatusUnauthorized)
				return
			}
			http.SetCookie(w, &http.Cookie{Name: "cardsim_token", Value: s.token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if o := r.Header.Get("Origin"); o == "" || !sameOrigin(o, r.Host) {
				http.Error(w, "refused: a request that changes something must come from the workbench's own page (Origin "+o+")", http.StatusForbidden)
				return
			}
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether origin is http://host.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Scheme == "http" && u.Host == host
}
