package sim

import _ "embed"

// SummarySchema is the JSON Schema (draft 2020-12) of a Summary in JSON,
// at SchemaVersion.
//
//go:embed summary.schema.json
var SummarySchema []byte
