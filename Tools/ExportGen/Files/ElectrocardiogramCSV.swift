import DemoData
import Foundation

/// An Apple Watch ECG as Health exports it to `electrocardiograms/`: a few header lines,
/// then thirty seconds of Lead I voltages in µV at 512 Hz, one per line. Numbers follow the
/// phone's locale, so with a decimal comma they are quoted to stay one CSV field.
enum ElectrocardiogramCSV {
    static let sampleRate = 512
    static let seconds = 30

    /// `ecg_2023-05-01.csv`.
    static func fileName(for date: CivilDate) -> String {
        var text = XMLBytes()
        text.append("ecg_")
        text.appendCalendarDate(date)
        text.append(".csv")
        return String(decoding: text.bytes, as: UTF8.self)
    }

    static func document(plan: DayPlan, recorded: Int64, locale: ExportLocale, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed, stream: 5001, day: plan.index)
        let comma = locale.usesDecimalComma
        var text = XMLBytes(capacity: sampleRate * seconds * 10 + 400)
        text.append("Name,\(Person.name)\n")
        text.append("Date of Birth,\(comma ? "12.04.1988" : "\"Apr 12, 1988\"")\n")
        text.append("Recorded Date,")
        text.appendDate(recorded, offset: plan.zone.offset(at: recorded))
        text.append("\nClassification,Sinus Rhythm\nSymptoms,\nSoftware Version,\(Person.ecgSoftwareVersion)\n")
        text.append("Device,\"\(Person.ecgHardware)\"\n")
        text.append(comma ? "Sample Rate,\"512,000 hertz\"\n" : "Sample Rate,512 hertz\n")
        text.append("\n\nLead,Lead I\nUnit,µV\n\n")
        let period = 60 / (plan.restingHeartRate + 10 + random.gaussian(mean: 0, deviation: 3))
        var phase = random.uniform(0..<1)
        let wander = random.uniform(0..<6)
        for index in 0..<(sampleRate * seconds) {
            let time = Double(index) / Double(sampleRate)
            phase += 1 / Double(sampleRate) / (period * (1 + 0.03 * sin(2 * .pi * time / 4.5)))
            let voltage = heartbeat(at: phase.truncatingRemainder(dividingBy: 1) * period)
                + 40 * sin(2 * .pi * 0.22 * time + wander) + random.gaussian(mean: 0, deviation: 6)
            writeNumber(voltage, comma: comma, into: &text)
        }
        return text.bytes
    }

    /// P wave, QRS complex and T wave as Gaussian bumps, `time` seconds into a beat.
    private static func heartbeat(at time: Double) -> Double {
        func bump(_ centre: Double, _ width: Double) -> Double { exp(-pow((time - centre) / width, 2) / 2) }
        return 110 * bump(0.16, 0.025) - 70 * bump(0.235, 0.008) + 950 * bump(0.25, 0.01)
            - 230 * bump(0.268, 0.009) + 260 * bump(0.45, 0.045)
    }

    private static func writeNumber(_ value: Double, comma: Bool, into text: inout XMLBytes) {
        guard comma else {
            text.append(value, places: 3)
            text.append(byte: UInt8(ascii: "\n"))
            return
        }
        var number = XMLBytes()
        number.append(value, places: 3, separator: UInt8(ascii: ","), keepsZeros: false)
        let quoted = number.bytes.contains(UInt8(ascii: ","))
        if quoted { text.append(byte: UInt8(ascii: "\"")) }
        text.bytes.append(contentsOf: number.bytes)
        if quoted { text.append(byte: UInt8(ascii: "\"")) }
        text.append(byte: UInt8(ascii: "\n"))
    }
}
