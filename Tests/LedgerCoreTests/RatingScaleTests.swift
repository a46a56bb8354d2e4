import PropertyBased
import Testing
@testable import LedgerCore

/// One normalisation for ratings given on different scales (docs/guide/queries-and-charts.md, "Ratings on different scales").
@Suite struct RatingScaleTests {
    @Test func aRatingKeepsItsPlaceOnItsScaleWhateverScaleShowsIt() async {
        await propertyCheck(input: Gen.double(in: -50...50), Gen.double(in: 0.5...100), Gen.double(in: 0...1), Gen.double(in: 0...20)) {
            low, width, place, shownLow in
            let given = (low: low, high: low + width)
            let rating = given.low + place * width
            let scale = RatingScale("\(shownLow)-\(shownLow + 9)")!
            let shown = scale.show(rating, scaleMin: given.low, scaleMax: given.high)
            #expect(abs(shown - (scale.low + place * 9)) < 1e-9)
            #expect(shown >= scale.low - 1e-9 && shown <= scale.high + 1e-9)
        }
    }

    @Test func ratingsOnTheDefaultScaleReadAsGiven() async {
        await propertyCheck(input: Gen.int(in: 1...10)) { rating in
            #expect(abs(RatingScale.standard.show(Double(rating), scaleMin: 1, scaleMax: 10) - Double(rating)) < 1e-12)
        }
    }

    @Test func theIssuesThreeScalesPutLikeWithLike() {
        let standard = RatingScale.standard
        let fiveScale = try! #require(RatingScale("1-5"))
        let shown: [(Double, Double)] = [
            (standard.show(4, scaleMin: 1, scaleMax: 5), 7.75),
            (standard.show(3, scaleMin: 0, scaleMax: 10), 3.7),
            (fiveScale.show(7, scaleMin: 1, scaleMax: 10), 1 + 4 * 6.0 / 9),
        ]
        for (value, expected) in shown { #expect(abs(value - expected) < 1e-12) }
        #expect(standard.description == "1-10" && RatingScale("0-100")!.description == "0-100")
    }

    @Test(arguments: ["10-1", "5-5", "1-", "-10", "a-b", "1-10-20", ""])
    func aSettingThatIsNoScaleIsRefused(_ text: String) throws {
        let error = #expect(throws: ValidationError.self) {
            try SettingChanged(document: ["key": .string(RatingScale.settingKey), "value": .string(text)])
        }
        #expect(error?.description.contains("must be a scale like") == true)
        _ = try SettingChanged(document: ["key": .string(RatingScale.settingKey), "value": .null])
        _ = try SettingChanged(document: ["key": .string(RatingScale.settingKey), "value": .string("0-100")])
    }
}
