import LedgerCore
import PropertyBased
import Testing
@testable import HealthImport

/// `RunFirsts` keeps a run's first records by day and writes old days to a scratch file:
/// whatever it holds in memory, it answers as remembering every record would.
@Suite struct RunFirstsTests {
    /// A record as the import meets it: records of one start share ids and samples only
    /// with records of the same start, as attribute ids and sample keys both hold the start.
    struct Met {
        let day: Int, idNumber: Int, content: Int, sampleNumber: Int

        init(code: Int) {
            day = code % 40
            idNumber = code / 40 % 6
            content = code / 240 % 3
            sampleNumber = code / 720 % 6
        }

        init(day: Int, idNumber: Int, content: Int, sampleNumber: Int) {
            self.day = day
            self.idNumber = idNumber
            self.content = content
            self.sampleNumber = sampleNumber
        }

        var attributeID: EventID { EventID(bytes: [UInt8(truncatingIfNeeded: day), UInt8(truncatingIfNeeded: day >> 8), UInt8(idNumber)] + [UInt8](repeating: 7, count: 13))! }
        var sample: Int { day << 8 | sampleNumber }
        var start: Timestamp { Timestamp(micros: Int64(day) * 86_400_000_000 + Int64(idNumber) * 1_000_000) }
    }

    /// What holding every record answers.
    struct Everything {
        var contents: [EventID: Int] = [:]
        var saves: [Int: EventID] = [:]

        mutating func meet(_ met: Met) -> RunFirsts.Answer {
            var answer = RunFirsts.Answer(needsOwnID: false, repeatsASample: false)
            if let first = saves[met.sample] { answer.repeatsASample = first != met.attributeID } else { saves[met.sample] = met.attributeID }
            if let first = contents[met.attributeID] { answer.needsOwnID = first != met.content } else { contents[met.attributeID] = met.content }
            return answer
        }
    }

    @Test func answersAsHoldingEveryRecordWhateverTheOrderAndTheLimit() async {
        await propertyCheck(count: 60, input: Gen.int(in: 2...24), Gen.int(in: 0..<4_320).array(of: 1...400)) { limit, codes in
            var firsts = RunFirsts(residentLimit: limit)
            var everything = Everything()
            for code in codes {
                let met = Met(code: code)
                let answer = try firsts.meet(attributeID: met.attributeID, content: met.content, sample: met.sample, start: met.start)
                #expect(answer == everything.meet(met))
            }
        }
    }

    @Test func aRunInTimeOrderHoldsNoMoreThanTheLimitAndReadsNoDayBack() throws {
        var firsts = RunFirsts(residentLimit: 1_024)
        var everything = Everything()
        var mostHeld = 0
        var answers = (needsOwnID: 0, repeats: 0)
        for day in 0..<2_000 {
            for number in 0..<100 {
                // Each day one pair of records shares an id with other content, and one repeats a sample.
                let met = Met(day: day, idNumber: number == 99 ? 0 : number, content: number == 99 ? 1 : 0, sampleNumber: number == 98 ? 97 : number)
                let answer = try firsts.meet(attributeID: met.attributeID, content: met.content, sample: met.sample, start: met.start)
                #expect(answer == everything.meet(met))
                if answer.needsOwnID { answers.needsOwnID += 1 }
                if answer.repeatsASample { answers.repeats += 1 }
                mostHeld = max(mostHeld, firsts.residentCount)
            }
        }
        #expect(mostHeld <= 1_024)
        #expect(firsts.daysReadBack == 0)
        #expect(answers.needsOwnID == 2_000)
        #expect(answers.repeats == 2_000)
    }

    @Test func forgettingARunStartsTheNextFromNothing() throws {
        var firsts = RunFirsts(residentLimit: 4)
        let met = Met(day: 1, idNumber: 1, content: 0, sampleNumber: 1)
        for day in 0..<10 {
            let other = Met(day: day, idNumber: 2, content: 0, sampleNumber: 2)
            _ = try firsts.meet(attributeID: other.attributeID, content: other.content, sample: other.sample, start: other.start)
        }
        _ = try firsts.meet(attributeID: met.attributeID, content: 0, sample: met.sample, start: met.start)
        firsts.forget()
        let again = try firsts.meet(attributeID: met.attributeID, content: 1, sample: 99, start: met.start)
        #expect(again == RunFirsts.Answer(needsOwnID: false, repeatsASample: false))
    }
}
