/// The "Me" record of an Apple Health export: characteristics that rarely change.
public struct ProfileRecorded: EventPayload {
    public static let kind = EventKind.profileRecorded
    public static let schema = 1

    /// `YYYY-MM-DD`.
    public var dateOfBirth: String?
    /// As exported, e.g. `HKBiologicalSexFemale`.
    public var biologicalSex: String?
    /// As exported, e.g. `HKBloodTypeAPositive`.
    public var bloodType: String?
    /// As exported, e.g. `HKFitzpatrickSkinTypeIII`.
    public var fitzpatrickSkinType: String?
    /// As exported, e.g. `HKCardioFitnessMedicationsUseNone`.
    public var cardioFitnessMedicationsUse: String?

    public init(
        dateOfBirth: String? = nil, biologicalSex: String? = nil, bloodType: String? = nil,
        fitzpatrickSkinType: String? = nil, cardioFitnessMedicationsUse: String? = nil
    ) {
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
        self.bloodType = bloodType
        self.fitzpatrickSkinType = fitzpatrickSkinType
        self.cardioFitnessMedicationsUse = cardioFitnessMedicationsUse
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            dateOfBirth = try Rule.date(document.optionalString("dateOfBirth"), "dateOfBirth")
            biologicalSex = try Rule.nonEmptyIfPresent(document.optionalString("biologicalSex"), "biologicalSex")
            bloodType = try Rule.nonEmptyIfPresent(document.optionalString("bloodType"), "bloodType")
            fitzpatrickSkinType = try Rule.nonEmptyIfPresent(document.optionalString("fitzpatrickSkinType"), "fitzpatrickSkinType")
            cardioFitnessMedicationsUse = try Rule.nonEmptyIfPresent(
                document.optionalString("cardioFitnessMedicationsUse"), "cardioFitnessMedicationsUse")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document = Document()
        document.set("dateOfBirth", dateOfBirth.doc)
        document.set("biologicalSex", biologicalSex.doc)
        document.set("bloodType", bloodType.doc)
        document.set("fitzpatrickSkinType", fitzpatrickSkinType.doc)
        document.set("cardioFitnessMedicationsUse", cardioFitnessMedicationsUse.doc)
        return document
    }
}
