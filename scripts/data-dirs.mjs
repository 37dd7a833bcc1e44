// The folders of data the code reads at run time (relative to the source tree's root): a build copies them beside
// the JavaScript it emits, so that relative paths between code and data hold in the output as in the source.
export const DATA_DIRS = ["src/catalog/data", "src/run/data", "facts/data", "reference-server/data", "fixtures"];
