package schematest

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile returns the JSON Schema schema (sim.SummarySchema, given by the
// caller so that package sim's own tests can use this one) compiled,
// failing t if it does not compile.
func Compile(t testing.TB, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("summary.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	compiled, err := c.Compile("summary.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return compiled
}

// Validate reports whether the JSON b is a summary as the schema describes
// it: nil, or what is wrong with it.
func Validate(schema *jsonschema.Schema, b []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return err
	}
	return schema.Validate(inst)
}
