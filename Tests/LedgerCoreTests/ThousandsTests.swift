import Foundation
import LedgerCore
import PropertyBased
import Testing

/// Grouped counts read back as the same number, in groups of three from the right.
@Suite struct ThousandsTests {
    @Test func groupsOfThreeFromTheRightThatReadBackAsTheNumber() async {
        await propertyCheck(input: Gen.int64(in: Int64.min...Int64.max)) { value in
            let text = Thousands.grouped(value)
            #expect(Int64(text.replacingOccurrences(of: ",", with: "")) == value)
            let groups = text.drop { $0 == "-" }.split(separator: ",", omittingEmptySubsequences: false)
            #expect((1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }, "\(text)")
        }
    }

    @Test func smallNumbersStayAsTheyAre() {
        #expect(Thousands.grouped(999) == "999")
        #expect(Thousands.grouped(-1_000) == "-1,000")
        #expect(Thousands.grouped(10_233) == "10,233")
    }
}
