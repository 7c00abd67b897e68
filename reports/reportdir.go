package reports

// WriteDir writes r into dir, as WriteReportDir does.
func (r *Report) WriteDir(dir string) error { return WriteReportDir(dir, r) }
