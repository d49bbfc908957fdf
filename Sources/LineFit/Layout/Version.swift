/// LineFit's version (semantic versioning), written `LineFit.version` from outside the module;
/// `linefit --version` prints it. The changes of each version are in CHANGELOG.md.
public let version = "0.4.0"
