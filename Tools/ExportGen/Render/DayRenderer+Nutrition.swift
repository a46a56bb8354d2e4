extension DayRenderer {
    /// One nutrient of each logged meal, at top level.
    mutating func nutrient(_ nutrient: Nutrient, into writer: inout ExportXMLWriter) {
        for meal in plan.meals {
            let sample = nutrientSample(nutrient, meal)
            writer.beginElement()
            writeNutrient(sample, meal: meal, indent: " ", into: &writer)
            _ = writer.endRecord(sample)
        }
    }

    /// Each meal as a food correlation holding its nutrient records — the same records
    /// that appear at top level.
    mutating func foodCorrelations(into writer: inout ExportXMLWriter) {
        let source = Person.nutrition(quirks: quirks)
        for meal in plan.meals {
            writer.beginElement()
            writer.text.append(" <Correlation")
            writer.text.plainAttribute("type", "HKCorrelationTypeIdentifierFood")
            writer.sourceAttributes(source)
            writer.dateAttribute("creationDate", meal.logged)
            writer.dateAttribute("startDate", meal.time)
            writer.dateAttribute("endDate", meal.time)
            writer.text.append(">\n")
            writer.metadata("meal", meal.name)
            writer.metadata("HKFoodType", meal.food)
            for nutrient in Nutrient.allCases {
                writeNutrient(nutrientSample(nutrient, meal), meal: meal, indent: "  ", into: &writer)
            }
            writer.text.append(" </Correlation>\n")
            if writer.endElement("Correlation") {
                writer.manifest.correlationsByType["HKCorrelationTypeIdentifierFood", default: 0] += 1
                writer.manifest.correlationChildRecords += Nutrient.allCases.count
            }
        }
    }

    private func nutrientSample(_ nutrient: Nutrient, _ meal: Meal) -> Sample {
        Sample(nutrient.type, Person.nutrition(quirks: quirks), unit: nutrient.unit,
               value: .quantity(nutrient.amount(in: meal), places: 1), start: meal.time, end: meal.time, created: meal.logged)
    }

    private func writeNutrient(_ sample: Sample, meal: Meal, indent: String, into writer: inout ExportXMLWriter) {
        writer.openRecord(sample, indent: indent)
        writer.text.append(">\n")
        writer.metadata("meal", meal.name, indent: indent + " ")
        writer.metadata("HKFoodType", meal.food, indent: indent + " ")
        writer.text.append(indent)
        writer.text.append("</Record>\n")
    }
}
