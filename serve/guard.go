package serve

import (
	"crypto/subtle"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// guard checks every request before it reaches a page:
//
//   - its Host, unless AllowRemote: the listen address, localhost,
//     127.0.0.1 or [::1], with the port it came in on. A page on another
//     site whose name a DNS rebinding points at this machine sends its own
//     name, and is refused before it can start or read anything;
//   - the token, under AllowRemote, whatever the Host: from the address
//     once (then kept in a cookie named for the port, and the address
//     cleaned of it by a redirect), or from that cookie;
//   - for anything but GET and HEAD, an Origin that is the workbench's own
//     address, and a body of at most MaxFormBytes.
//
// It also tells the browser to keep the pages out of other sites' frames,
// to run only the workbench's own scripts, and never to guess a file's
// type.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, port := localPort(r)
		if !s.opts.AllowRemote && !s.hostAllowed(r.Host, port) {
			http.Error(w, "refused: this workbench answers only to its own address (loopback, port "+port+"), not to the name "+quoteHost(r.Host)+
				"; a page of another site that points its name here is refused", http.StatusForbidden)
			return
		}
		if s.token != "" {
			cookie := "cardsim_token_" + port
			given, fromURL := r.URL.Query().Get("token"), true
			if given == "" {
				fromURL = false
				if c, err := r.Cookie(cookie); err == nil {
					given = c.Value
				}
			}
			if subtle.ConstantTimeCompare([]byte(given), []byte(s.token)) != 1 {
				http.Error(w, "this workbench asks for the token it printed when it started: open the address it printed", http.StatusUnauthorized)
				return
			}
			if fromURL {
				// Keep the token in a cookie and out of the history.
				http.SetCookie(w, &http.Cookie{Name: cookie, Value: s.token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
				if r.Method == http.MethodGet || r.Method == http.MethodHead {
					q := r.URL.Query()
					q.Del("token")
					u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
					http.Redirect(w, r, u.String(), http.StatusSeeOther)
					return
				}
			}
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if o := r.Header.Get("Origin"); o == "" || !sameOrigin(o, r.Host) {
				http.Error(w, "refused: a request that changes something must come from the workbench's own page (Origin "+quoteHost(o)+")", http.StatusForbidden)
				return
			}
			if r.ContentLength > MaxFormBytes {
				tooLarge(w)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, MaxFormBytes)
		}
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "+
			"frame-ancestors 'self'; form-action 'self'; base-uri 'none'")
		next.ServeHTTP(w, r)
	})
}

// tooLarge answers a request whose body is larger than MaxFormBytes.
func tooLarge(w http.ResponseWriter) {
	http.Error(w, "refused: a form of the workbench is at most 1 MiB", http.StatusRequestEntityTooLarge)
}

// localPort returns the address and port a request came in on.
func localPort(r *http.Request) (host, port string) {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return "", ""
	}
	host, port, _ = net.SplitHostPort(a.String())
	return host, port
}

// hostAllowed reports whether a request's Host names this workbench: the
// listen address's host, the address the request came in on, localhost,
// 127.0.0.1 or [::1], each with the port the request came in on (no port
// means 80).
func (s *Server) hostAllowed(hostport, port string) bool {
	if port == "" {
		return false
	}
	host, p, err := net.SplitHostPort(hostport)
	if err != nil {
		host, p = hostport, "80"
		if strings.ContainsAny(host, ":[]") {
			return false
		}
	}
	if p != port {
		return false
	}
	host = strings.ToLower(host)
	switch host {
	case "localhost", "127.0.0.1", "::1":
		return true
	}
	listen, _, _ := net.SplitHostPort(s.opts.Addr)
	return listen != "" && host == strings.ToLower(listen)
}

// sameOrigin reports whether origin is http://host.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Scheme == "http" && u.Host == host && u.Path == "" && u.User == nil
}

// quoteHost quotes a Host or Origin header for a message, clipped.
func quoteHost(h string) string {
	if len(h) > 80 {
		h = h[:80] + "…"
	}
	return "\"" + strings.Map(func(r rune) rune {
		if r < ' ' || r == '"' || r == 0x7f {
			return '?'
		}
		return r
	}, h) + "\""
}
