import Foundation
import ZIPFoundation

/// Writes export.zip laid out as Health lays it out: `apple_health_export/` holding the
/// main XML, export_cda.xml, and the route, ECG and clinical-record files. The main XML
/// is deflated as it is generated, so memory stays flat whatever its size.
struct ExportArchiveWriter {
    let document: ExportDocument
    let layout: ExportLayout
    static let root = "apple_health_export/"

    /// Writes the zip; returns the routes and ECGs it wrote.
    func write(to url: URL) throws -> (routes: Int, electrocardiograms: Int) {
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        let modified = Date(timeIntervalSince1970: TimeInterval(layout.exportDate))
        try addDirectory(Self.root, to: archive, modified: modified)
        let files = try addXML(to: archive, modified: modified)
        try add(Self.root + "export_cda.xml", ClinicalDocument.document(planner: document.planner, exportDate: layout.exportDate),
                to: archive, modified: modified)
        try addClinicalRecords(to: archive, modified: modified)
        return try add(files, to: archive, modified: modified)
    }

    /// Adds the main XML; returns the files its workouts and ECGs call for.
    private func addXML(to archive: Archive, modified: Date) throws -> [ExportFile] {
        var source = ExportXMLSource(document: document, layout: layout)
        var short = false
        try archive.addEntry(with: Self.root + document.schedule.settings.xmlName, type: .file, uncompressedSize: layout.xmlSize,
                             modificationDate: modified, compressionMethod: .deflate, bufferSize: 1 << 18) { _, size in
            let data = source.read(size)
            if data.count < size { short = true }
            return data
        }
        guard !short, source.isFinished, source.manifest == layout.manifest else {
            throw GeneratorError("the second pass did not reproduce the first: generation is not deterministic")
        }
        return source.files
    }

    private func add(_ files: [ExportFile], to archive: Archive, modified: Date) throws -> (routes: Int, electrocardiograms: Int) {
        let settings = document.schedule.settings
        var routes = 0
        var electrocardiograms = 0
        if files.contains(where: { if case .route = $0 { true } else { false } }) {
            try addDirectory(Self.root + "workout-routes/", to: archive, modified: modified)
        }
        for case .route(let day) in files {
            let plan = document.planner.plan(day: day)
            guard let workout = plan.workout else { continue }
            let track = RouteTrack(plan: plan, workout: workout, seed: settings.seed,
                                   abroad: document.schedule.trip.contains(day), interval: RouteTrack.fileInterval)
            try add(Self.root + "workout-routes/" + RouteGPX.fileName(for: workout, zone: plan.zone),
                    RouteGPX.document(track: track, workout: workout, zone: plan.zone, exportedAt: layout.exportDate),
                    to: archive, modified: modified)
            routes += 1
        }
        if files.contains(where: { if case .electrocardiogram = $0 { true } else { false } }) {
            try addDirectory(Self.root + "electrocardiograms/", to: archive, modified: modified)
        }
        for case .electrocardiogram(let day) in files {
            let plan = document.planner.plan(day: day)
            guard let recorded = plan.electrocardiogram else { continue }
            try add(Self.root + "electrocardiograms/" + ElectrocardiogramCSV.fileName(for: plan.date),
                    ElectrocardiogramCSV.document(plan: plan, recorded: recorded, locale: settings.locale, seed: settings.seed),
                    to: archive, modified: modified)
            electrocardiograms += 1
        }
        return (routes, electrocardiograms)
    }

    /// The FHIR resources that the `<ClinicalRecord>`s point at.
    private func addClinicalRecords(to archive: Archive, modified: Date) throws {
        try addDirectory(Self.root + "clinical-records/", to: archive, modified: modified)
        for (index, resource) in ClinicalResource.all.enumerated() {
            let date = document.schedule.date(ofDay: document.schedule.clinicalRecordDay(index))
            try add(Self.root + resource.filePath.dropFirst(), Array(resource.json(date: date).utf8), to: archive, modified: modified)
        }
    }

    private func add(_ path: String, _ bytes: [UInt8], to archive: Archive, modified: Date) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: modified,
                             compressionMethod: .deflate) { position, size in
            Data(bytes[Int(position)..<Int(position) + size])
        }
    }

    private func addDirectory(_ path: String, to archive: Archive, modified: Date) throws {
        try archive.addEntry(with: path, type: .directory, uncompressedSize: Int64(0), modificationDate: modified) { _, _ in Data() }
    }
}
