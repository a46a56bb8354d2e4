/// export_cda.xml: the same data as an HL7 CDA document, which Health writes beside
/// export.xml. This one is small — the person's header and a few vital signs from the
/// first day — since importers read export.xml and only need the CDA to be there.
enum ClinicalDocument {
    static func document(planner: DayPlanner, exportDate: Int64) -> [UInt8] {
        let plan = planner.plan(day: 0)
        var text = XMLBytes()
        text.append("""
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
         <realmCode code="US"/>
         <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
         <templateId root="2.16.840.1.113883.10.20.22.1.2"/>
         <id extension="Health Export" root="1.1.1.1.1.1.1.1.1"/>
         <code code="34109-9" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="Note"/>
         <title>Health Data Export</title>
         <effectiveTime value="\(cdaTime(exportDate, zone: planner.schedule.home))"/>
         <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
         <recordTarget>
          <patientRole>
           <patient>
            <name><given>Anna</given><family>Keller</family></name>
            <administrativeGenderCode code="F" codeSystem="2.16.840.1.113883.5.1"/>
            <birthTime value="19880412"/>
           </patient>
          </patientRole>
         </recordTarget>
         <component>
          <structuredBody>
           <component>
            <section>
             <templateId root="2.16.840.1.113883.10.20.22.2.4.1"/>
             <code code="8716-3" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="Vital Signs"/>
             <title>Vital Signs</title>

        """)
        observation(&text, code: "40443-4", name: "Resting heart rate", value: plan.restingHeartRate.rounded(), unit: "/min",
                    at: plan.nextBedtime - 3600, zone: plan.zone)
        if let weight = plan.weight {
            observation(&text, code: "29463-7", name: "Body weight", value: weight, unit: "kg", at: plan.wake + 900, zone: plan.zone)
        }
        text.append("   </section>\n  </component>\n </structuredBody>\n </component>\n</ClinicalDocument>\n")
        return text.bytes
    }

    private static func observation(_ text: inout XMLBytes, code: String, name: String, value: Double, unit: String, at instant: Int64, zone: Zone) {
        text.append("""
                 <entry>
                  <observation classCode="OBS" moodCode="EVN">
                   <code code="\(code)" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="\(name)"/>
                   <effectiveTime><low value="\(cdaTime(instant, zone: zone))"/><high value="\(cdaTime(instant, zone: zone))"/></effectiveTime>
                   <value xsi:type="PQ" value="\(value)" unit="\(unit)"/>
                  </observation>
                 </entry>

        """)
    }

    /// `20230501081244+0200`.
    private static func cdaTime(_ instant: Int64, zone: Zone) -> String {
        var text = XMLBytes()
        text.appendDate(instant, offset: zone.offset(at: instant))
        return String(decoding: text.bytes.filter { ![UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: " ")].contains($0) }, as: UTF8.self)
    }
}
