extension EventKind {
    /// The typed payload of this kind, for code that learns the kind at run time (the CLI's
    /// `append --kind`, importers, audits).
    public var payloadType: any EventPayload.Type {
        switch self {
        case .sampleRecorded: SampleRecorded.self
        case .categoryRecorded: CategoryRecorded.self
        case .correlationRecorded: CorrelationRecorded.self
        case .workoutRecorded: WorkoutRecorded.self
        case .activitySummaryRecorded: ActivitySummaryRecorded.self
        case .profileRecorded: ProfileRecorded.self
        case .heartbeatSeriesRecorded: HeartbeatSeriesRecorded.self
        case .electrocardiogramRecorded: ElectrocardiogramRecorded.self
        case .clinicalRecordRecorded: ClinicalRecordRecorded.self
        case .audiogramRecorded: AudiogramRecorded.self
        case .visionPrescriptionRecorded: VisionPrescriptionRecorded.self
        case .exportElementRecorded: ExportElementRecorded.self
        case .friendStepsShared: FriendStepsShared.self
        case .ingestTokenAdded: IngestTokenAdded.self
        case .ingestTokenRevoked: IngestTokenRevoked.self
        case .deliveryReceived: DeliveryReceived.self
        case .moodRated: MoodRated.self
        case .fatigueRated: FatigueRated.self
        case .symptomReported: SymptomReported.self
        case .foodLogged: FoodLogged.self
        case .medicationDefined: MedicationDefined.self
        case .doseTaken: DoseTaken.self
        case .activityDefined: ActivityDefined.self
        case .activityStarted: ActivityStarted.self
        case .activityStopped: ActivityStopped.self
        case .faceCaptured: FaceCaptured.self
        case .vitalMeasured: VitalMeasured.self
        case .settingChanged: SettingChanged.self
        case .eventCorrected: EventCorrected.self
        case .eventRetracted: EventRetracted.self
        case .subjectErased: SubjectErased.self
        }
    }
}
