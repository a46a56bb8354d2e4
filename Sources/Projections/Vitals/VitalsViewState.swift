public import LedgerCore

/// The vitals view's state: one partition per reading, one per session, and an index of both.
public final class VitalsViewState: ProjectionState {
    let algorithm: any VitalsAlgorithm
    private let load: ([UInt8]) throws -> [UInt8]?
    private var readingKeys: [[UInt8]]
    private var sessionIDs: [String]
    private var readings: [[UInt8]: VitalReading?] = [:]
    private var sessions: [String: VitalsSession] = [:]
    private var touchedReadings: Set<[UInt8]> = []
    private var touchedSessions: Set<String> = []
    private var indexTouched = false

    /// A state deriving rates with `algorithm` (the view's own, or an older one to compare).
    public init(load: @escaping ([UInt8]) throws -> [UInt8]?, algorithm: any VitalsAlgorithm) throws {
        self.load = load
        self.algorithm = algorithm
        if let index = try load(VitalsView.indexKey) {
            (readingKeys, sessionIDs) = try VitalsCoding.decodeIndex(index)
        } else {
            (readingKeys, sessionIDs) = ([], [])
        }
    }

    /// Every reading, oldest first.
    public func allReadings() throws -> [VitalReading] { try readingKeys.compactMap(reading) }

    /// Every session, oldest first.
    public func allSessions() throws -> [VitalsSession] {
        try sessionIDs.map(session).filter { !$0.isEmpty }.sorted { ($0.start ?? .init(micros: 0), $0.id) < ($1.start ?? .init(micros: 0), $1.id) }
    }

    /// The sessions whose id starts with `prefix` (one, when the prefix is long enough).
    public func session(matching prefix: String) throws -> [VitalsSession] {
        try allSessions().filter { $0.id.hasPrefix(prefix.lowercased()) || $0.id == prefix }
    }

    /// The readings of `session`, oldest first.
    public func readings(of session: VitalsSession) throws -> [VitalReading] { try session.readingKeys.compactMap(reading) }

    func reading(_ key: [UInt8]) throws -> VitalReading? {
        if let known = readings[key] { return known }
        let stored = try load(key).map(VitalsCoding.decodeReading)
        readings[key] = .some(stored)
        return stored
    }

    func session(_ id: String) throws -> VitalsSession {
        if let known = sessions[id] { return known }
        let stored = try load(VitalsView.sessionKey(id)).map(VitalsCoding.decodeSession) ?? VitalsSession(id: id)
        sessions[id] = stored
        return stored
    }

    public func add(_ event: Event) throws { try change(event, adding: true) }

    public func remove(_ event: Event) throws { try change(event, adding: false) }

    private func change(_ event: Event, adding: Bool) throws {
        switch event.kind {
        case .vitalMeasured:
            let measured = try event.decode(VitalMeasured.self)
            let key = VitalsView.readingKey(start: event.start, id: event.id)
            if adding {
                readings[key] = .some(VitalReading(id: event.id, start: event.start, utcOffset: event.utcOffset, measured: measured, algorithm: algorithm))
                readingKeys.insert(key, at: readingKeys.firstIndex { key.lexicographicallyPrecedes($0) } ?? readingKeys.endIndex)
            } else {
                readings[key] = .some(nil)
                readingKeys.removeAll { $0 == key }
            }
            touchedReadings.insert(key)
            indexTouched = true
            if let id = measured.session {
                try update(id) { session in
                    if adding {
                        session.readingKeys.insert(key, at: session.readingKeys.firstIndex { key.lexicographicallyPrecedes($0) } ?? session.readingKeys.endIndex)
                    } else {
                        session.readingKeys.removeAll { $0 == key }
                    }
                }
            }
        case .symptomReported:
            let symptom = try event.decode(SymptomReported.self)
            guard let id = symptom.session else { return }
            try update(id) { session in
                if adding {
                    let entry = SessionSymptom(id: event.id, start: event.start, name: symptom.name, severity: symptom.severity, note: symptom.note)
                    session.symptoms.insert(entry, at: session.symptoms.firstIndex { (entry.start, entry.id) < ($0.start, $0.id) } ?? session.symptoms.endIndex)
                } else {
                    session.symptoms.removeAll { $0.id == event.id }
                }
            }
        case .activityStarted:
            let started = try event.decode(ActivityStarted.self)
            guard started.name == VitalsSession.activityName else { return }
            try update(event.id.description) { session in
                session.start = adding ? event.start : nil
                session.utcOffset = event.utcOffset
                session.note = adding ? started.note : nil
            }
        case .activityStopped:
            let stopped = try event.decode(ActivityStopped.self)
            guard stopped.name == VitalsSession.activityName else { return }
            // Without the start it ends, a stop ends the latest session open at its time.
            let target = try stopped.startedBy?.description
                ?? allSessions().last { $0.start.map { $0 <= event.start } ?? false && ($0.end == nil || $0.end == event.start) }?.id
            guard let target else { return }
            try update(target) { session in session.end = adding ? event.start : nil }
        default:
            return
        }
    }

    private func update(_ id: String, _ body: (inout VitalsSession) -> Void) throws {
        var session = try session(id)
        body(&session)
        sessions[id] = session
        touchedSessions.insert(id)
        if !sessionIDs.contains(id) {
            sessionIDs.append(id)
            indexTouched = true
        } else if session.isEmpty {
            sessionIDs.removeAll { $0 == id }
            indexTouched = true
        }
    }

    public func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        var changes: [(key: [UInt8], value: [UInt8]?)] = touchedReadings.map { key in (key, readings[key].flatMap { $0 }.map(VitalsCoding.encode)) }
        for id in touchedSessions {
            let session = sessions[id]
            changes.append((VitalsView.sessionKey(id), session.flatMap { $0.isEmpty ? nil : VitalsCoding.encode($0) }))
        }
        if indexTouched {
            // An index of nothing is not stored: a fold that never saw a reading stores none.
            let empty = readingKeys.isEmpty && sessionIDs.isEmpty
            changes.append((VitalsView.indexKey, empty ? nil : VitalsCoding.encode(readingKeys: readingKeys, sessionIDs: sessionIDs.sorted())))
        }
        touchedReadings.removeAll()
        touchedSessions.removeAll()
        indexTouched = false
        return changes.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    public func evict() {
        readings = readings.filter { touchedReadings.contains($0.key) }
        sessions = sessions.filter { touchedSessions.contains($0.key) }
    }

    public var residentSize: Int { readings.count * 256 + sessions.count * 512 + readingKeys.count * 48 }
}

extension VitalMeasured {
    /// The PPG values or the x axis: one entry per sample time.
    public var firstAxis: [Double] {
        switch samples {
        case .ppg(let values): values
        case .accelerometer(let x, _, _): x
        }
    }
}
