// Replaced by the generator (issue 4); kept so the package builds meanwhile.
@main enum ExportGen { static func main() {} }
