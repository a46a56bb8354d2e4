import Charts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LedgerCore
import LedgerStore
import Projections
import Testing
import TestSupport

/// Sessions group measurements and symptoms; their card is a well-formed SVG with the values.
@Suite struct SessionTests {
    /// A session with a heart rate, a breathing rate and two symptoms, ended after 3 minutes.
    static func recordSession(_ vault: ScratchVault) throws -> (id: String, symptom: Event) {
        let start = try vault.append(ActivityStarted(name: VitalsSession.activityName, note: "after the run"), at: 0)
        let id = start.id.description
        var heart = try VitalsFixture.measured("ppg-camera-72bpm")
        heart.session = id
        var breathing = try VitalsFixture.measured("accel-chest-16rpm")
        breathing.session = id
        try vault.append(heart, at: 60)
        try vault.append(breathing, at: 120)
        let symptom = try vault.append(SymptomReported(name: "Fish & <Chips> ache", severity: .moderate, session: id), at: 130)
        try vault.append(SymptomReported(name: "Cough", severity: .mild, session: id), at: 140)
        try vault.append(ActivityStopped(name: VitalsSession.activityName, startedBy: start.id), at: 180)
        return (id, symptom)
    }

    @Test func aSessionHoldsItsReadingsAndSymptoms() throws {
        let vault = try ScratchVault()
        let (id, _) = try Self.recordSession(vault)
        try vault.append(SymptomReported(name: "Headache", severity: .severe), at: 150)
        let state = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger)
        let sessions = try state.allSessions()
        #expect(sessions.map(\.id) == [id])
        let session = try #require(sessions.first)
        #expect(!session.isOpen)
        #expect(session.end!.micros - session.start!.micros == 180_000_000)
        #expect(session.symptoms.map(\.name) == ["Fish & <Chips> ache", "Cough"])
        let readings = try state.readings(of: session)
        #expect(readings.map(\.signal) == [.ppg, .accelerometer])
        #expect(abs(readings[0].estimate.rate! - 72) <= 3)
        #expect(abs(readings[1].estimate.rate! - 16) <= 2)
    }

    @Test func aRetractedSymptomLeavesTheSession() throws {
        let vault = try ScratchVault()
        let (_, symptom) = try Self.recordSession(vault)
        try vault.append(EventRetracted(target: symptom.id), at: 200)
        let session = try #require(try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger).allSessions().first)
        #expect(session.symptoms.map(\.name) == ["Cough"])
    }

    @Test func aStopThatNamesNoStartEndsTheOpenSession() throws {
        let vault = try ScratchVault()
        let earlier = try vault.append(ActivityStarted(name: VitalsSession.activityName), at: 0)
        try vault.append(ActivityStopped(name: VitalsSession.activityName, startedBy: earlier.id), at: 60)
        let later = try vault.append(ActivityStarted(name: VitalsSession.activityName), at: 100)
        try vault.append(ActivityStarted(name: "Reading"), at: 110)
        try vault.append(ActivityStopped(name: VitalsSession.activityName), at: 160)
        let sessions = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger).allSessions()
        #expect(sessions.map(\.id) == [earlier.id.description, later.id.description])
        #expect(sessions.map { $0.end?.micros } == [earlier.start.adding(seconds: 60).micros, later.start.adding(seconds: 60).micros])
    }

    @Test func theCardIsWellFormedSVGWithTheSessionsValues() throws {
        let vault = try ScratchVault()
        _ = try Self.recordSession(vault)
        let state = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger)
        let session = try #require(try state.allSessions().first)
        let readings = try state.readings(of: session)
        let svg = SessionCard.svg(session, readings: readings)

        let texts = try SVGTexts(svg)
        #expect(texts.root == "svg")
        let heart = String(Int(readings[0].estimate.rate!.rounded()))
        let breathing = String(Int(readings[1].estimate.rate!.rounded()))
        for expected in [heart, "bpm", breathing, "breaths/min", "Fish & <Chips> ache", "moderate", "Cough", "mild", "Note", "after the run", "HealthLedger · session \(session.shortID)"] {
            #expect(texts.strings.contains(expected), "the card lacks \(expected): \(texts.strings)")
        }
        #expect(texts.strings.contains("quality \(String(format: "%.2f", readings[0].estimate.quality!))"))
    }

    @Test func aLongNoteWrapsOnTheCardWordByWordAndTheCardGrowsToHoldIt() throws {
        let vault = try ScratchVault()
        let note = "Felt light-headed after climbing four flights of stairs with the shopping, sat down for ten minutes before measuring; coffee at noon."
        try vault.append(ActivityStarted(name: VitalsSession.activityName, note: note), at: 0)
        let state = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger)
        let session = try #require(try state.allSessions().first)
        let svg = SessionCard.svg(session, readings: [])
        let texts = try SVGTexts(svg)
        let start = try #require(texts.strings.firstIndex(of: "Note"))
        let lines = Array(texts.strings[(start + 1)...].prefix { !$0.hasPrefix("HealthLedger") })
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 54 })
        #expect(lines.joined(separator: " ") == note)
        let height = try #require(svg.firstMatch(of: /viewBox="0 0 480 (\d+)"/).flatMap { Int($0.1) })
        let lastLine = try #require(svg.matches(of: /<text x="24" y="(\d+)"/).compactMap { Int($0.1) }.max())
        #expect(lastLine < height, "the footer stays inside the card")
    }

    @Test func anUnreliableReadingShowsOnTheCardAsUnreliable() throws {
        let vault = try ScratchVault()
        let start = try vault.append(ActivityStarted(name: VitalsSession.activityName), at: 0)
        var heart = try VitalsFixture.measured("ppg-camera-nofinger")
        heart.session = start.id.description
        try vault.append(heart, at: 60)
        let state = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger)
        let session = try #require(try state.allSessions().first)
        let texts = try SVGTexts(SessionCard.svg(session, readings: try state.readings(of: session)))
        #expect(texts.strings.contains("unreliable"))
        #expect(texts.strings.contains("no-rhythm"))
        #expect(texts.strings.contains("not measured"))
    }
}

/// The root element and every text node of an SVG, read by a real XML parser (which fails
/// on anything not well-formed).
final class SVGTexts: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var strings: [String] = []
    private var current = ""

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = name }
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { strings.append(current) }
        current = ""
    }
}
