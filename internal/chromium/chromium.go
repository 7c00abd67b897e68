// Package chromium finds the headless browser the tests that look at
// cardsim's pages drive: Debian's chromium, which .ci/run installs.
package chromium

import "os/exec"

// Path returns the path of a Chromium (or Chrome) on this machine, or
// "" when there is none; a test then skips, naming how to install it.
func Path() string {
	for _, b := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(b); err == nil {
			return p
		}
	}
	return ""
}

// Missing is what a test that needs Chromium says when it skips.
const Missing = "Chromium is not installed (apt-get install chromium); .ci/run installs it"
