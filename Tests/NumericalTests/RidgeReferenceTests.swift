import Testing
@testable import Numerical

/// The face models' ridge regression against scikit-learn's numbers, committed by
/// Tools/ridge-reference.py in RidgeReferenceFixture.swift.
@Suite struct RidgeReferenceTests {
    typealias Fixture = RidgeReferenceFixture

    @Test(arguments: Fixture.fixedAlphaPredictions.keys.sorted())
    func fixedAlphaLeaveOneOutEqualsScikitLearn(alpha: Double) throws {
        let folds = LeaveOneOut.predictions(rows: Fixture.rows, targets: Fixture.targets, alpha: .fixed(alpha))
        let expected = try #require(Fixture.fixedAlphaPredictions[alpha])
        #expect(folds.count == expected.count)
        for (fold, reference) in zip(folds, expected) {
            #expect(abs(fold.prediction - reference) < 1e-9, "α \(alpha): \(fold.prediction) vs scikit-learn \(reference)")
        }
    }

    @Test(arguments: Fixture.fullFits.keys.sorted())
    func standardisedCoefficientsEqualScikitLearn(alpha: Double) throws {
        let fit = RidgeFit(rows: Fixture.rows, targets: Fixture.targets, alpha: alpha)
        let reference = try #require(Fixture.fullFits[alpha])
        #expect(abs(fit.intercept - reference.intercept) < 1e-9)
        for (coefficient, expected) in zip(fit.coefficients, reference.coefficients) { #expect(abs(coefficient - expected) < 1e-9) }
        #expect(fit.coefficients[12] == 0, "the constant column standardises to zeros and gets no weight")
    }

    /// Choosing α per fold by the inner leave-one-out shortcut is what RidgeCV does inside
    /// each outer fold of scikit-learn's pipeline.
    @Test func innerAlphaChoiceEqualsRidgeCVInsideEachFold() {
        let folds = LeaveOneOut.predictions(rows: Fixture.rows, targets: Fixture.targets, alpha: .standard)
        for (fold, reference) in zip(folds, Fixture.nestedPredictions) {
            #expect(abs(fold.prediction - reference) < 1e-9, "\(fold.prediction) vs RidgeCV \(reference)")
        }
    }

    /// The held-out sample must not influence its own prediction: change its target wildly
    /// and its out-of-fold prediction stays put.
    @Test func aFoldNeverSeesItsHeldOutTarget() {
        var targets = Fixture.targets
        let before = LeaveOneOut.predictions(rows: Fixture.rows, targets: targets, alpha: .standard)
        targets[4] += 1000
        let after = LeaveOneOut.predictions(rows: Fixture.rows, targets: targets, alpha: .standard)
        #expect(after[4] == before[4])
        #expect(after[5] != before[5], "other folds do train on it")
    }

    @Test func eigenvectorsRebuildTheMatrix() {
        let matrix: [Double] = [4, 1, 2, 1, 3, 0.5, 2, 0.5, 5]
        let eigen = SymmetricEigen(matrix, size: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                let rebuilt = (0..<3).reduce(0.0) { $0 + eigen.vectors[i * 3 + $1] * eigen.values[$1] * eigen.vectors[j * 3 + $1] }
                #expect(abs(rebuilt - matrix[i * 3 + j]) < 1e-12)
            }
        }
    }
}
