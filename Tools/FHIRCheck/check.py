#!/usr/bin/env python3
"""Checks a FHIR R4 JSON Bundle the way a receiving health-record system would.

1. Structure: the Bundle and every resource in it parse with the `fhir.resources` R4
   models (types, required elements, cardinalities, one value[x]).
2. Units: every Quantity with system http://unitsofmeasure.org has a code that is UCUM
   syntax built from UCUM atoms (the subset of the UCUM table health data uses).
3. FHIR R4's vital-signs profile (hl7.org/fhir/R4/observation-vitalsigns.html): an
   Observation coded with one of its LOINC codes is in the vital-signs category, has a
   subject and an effective time, and its value is in a unit the profile allows; the
   blood-pressure panel 85354-9 has exactly one systolic (8480-6) and one diastolic
   (8462-4) component, each with a value in mm[Hg] or a dataAbsentReason.
4. Dimension: values coded with a LOINC term this check knows are in a unit of that
   term's dimension (steps are counts, a distance is a length).

Usage: check.py BUNDLE.json  — prints one line per problem, then a summary; exits 1 on any.
"""
import json
import re
import sys

import fhir.resources
from fhir.resources.bundle import Bundle
from pydantic import ValidationError

UCUM = "http://unitsofmeasure.org"
LOINC = "http://loinc.org"

# UCUM prefixes and atoms (unitsofmeasure.org/ucum, tables 1 and 4-19); metric atoms take prefixes.
PREFIXES = ["da", "Ki", "Mi", "Gi", "Ti", "Y", "Z", "E", "P", "T", "G", "M", "k", "h", "d", "c", "m", "u", "n", "p", "f", "a", "z", "y"]
METRIC = {
    "m", "s", "g", "rad", "K", "C", "cd", "mol", "sr", "Hz", "N", "Pa", "J", "W", "A", "V", "F", "Ohm", "S", "Wb", "Cel",
    "T", "H", "lm", "lx", "Bq", "Gy", "Sv", "L", "l", "ar", "t", "bar", "u", "eV", "pc", "cal", "cal_th", "cal_IT", "cal_m",
    "cal_[15]", "cal_[20]", "B", "B[SPL]", "B[V]", "B[mV]", "B[uV]", "B[10.nV]", "B[W]", "B[kW]", "Np", "eq", "osm",
    "kat", "U", "[iU]", "[IU]", "m[Hg]", "m[H2O]", "gf", "dyn", "erg", "P", "St", "bit", "By", "Bd", "st", "Ci", "R",
}
NONMETRIC = {
    "10*", "10^", "[pi]", "%", "[ppth]", "[ppm]", "[ppb]", "[pptr]", "mol", "min", "h", "d", "a", "a_t", "a_j", "a_g",
    "wk", "mo", "mo_s", "mo_j", "mo_g", "deg", "'", "''", "gon", "circ", "sph", "[in_i]", "[ft_i]", "[yd_i]", "[mi_i]",
    "[nmi_i]", "[in_us]", "[ft_us]", "[mi_us]", "[lb_av]", "[oz_av]", "[stone_av]", "[gr]", "[dr_av]", "[degF]",
    "[degR]", "[degRe]", "[Cal]", "[in_i'Hg]", "[in_i'H2O]", "[psi]", "[foz_us]", "[foz_br]", "[cup_us]", "[pt_us]",
    "[pt_br]", "[qt_us]", "[qt_br]", "[gal_us]", "[gal_br]", "[tsp_us]", "[tbs_us]", "[pH]", "[lbf_av]", "[car_m]",
}

TOKEN = re.compile(r"\(|\)|\{[^{}]*\}|\.|/|[^./(){}]+")


def is_atom(symbol):
    if symbol in METRIC or symbol in NONMETRIC:
        return True
    return any(symbol.startswith(p) and symbol[len(p):] in METRIC for p in PREFIXES)


def ucum_problem(code):
    """None when `code` is a UCUM expression, else why not."""
    if not code:
        return "empty unit code"
    depth = 0
    for token in TOKEN.findall(code):
        if token in "./" or token.startswith("{") or token.isdigit():
            continue
        if token == "(":
            depth += 1
            continue
        if token == ")":
            depth -= 1
            if depth < 0:
                return "unbalanced parenthesis"
            continue
        symbol = re.fullmatch(r"(.+?)([+-]?\d+)?", token).group(1)
        if not is_atom(symbol):
            return f"'{symbol}' is not a UCUM unit"
    if depth != 0:
        return "unbalanced parenthesis"
    if "".join(TOKEN.findall(code)) != code:
        return "not UCUM syntax"
    return None


# FHIR R4 vital-signs profile: LOINC code -> the UCUM units it allows.
VITAL_SIGNS = {
    "9279-1": {"/min"},
    "8867-4": {"/min"},
    "2708-6": {"%"},
    "59408-5": {"%"},
    "8310-5": {"Cel", "[degF]"},
    "8302-2": {"cm", "[in_i]"},
    "9843-4": {"cm", "[in_i]"},
    "29463-7": {"kg", "g", "[lb_av]"},
    "39156-5": {"kg/m2"},
    "8480-6": {"mm[Hg]"},
    "8462-4": {"mm[Hg]"},
}
BLOOD_PRESSURE_PANEL = "85354-9"

# Values a living adult's vital sign can take, in the profile's unit: a value outside is
# in another unit or scale (a saturation of 0.97 % is a fraction labelled as percent).
PLAUSIBLE = {
    ("2708-6", "%"): (50, 100),
    ("59408-5", "%"): (50, 100),
    ("8867-4", "/min"): (20, 300),
    ("9279-1", "/min"): (3, 80),
    ("8480-6", "mm[Hg]"): (50, 260),
    ("8462-4", "mm[Hg]"): (20, 160),
}

# LOINC terms outside the vital-signs list, by the dimension their values have.
COUNTS = {"{steps}", "{flights}", "{pushes}", "{count}", "1"}
ENERGY = {"kcal", "kJ", "J", "cal", "[Cal]"}
LENGTH = {"m", "km", "cm", "mm", "[mi_i]", "[ft_i]", "[in_i]", "[yd_i]"}
DIMENSIONS = {
    "55423-8": COUNTS,  # Number of steps in unspecified time Pedometer
    "100304-5": COUNTS,  # Flights climbed
    "96502-0": COUNTS,  # Wheelchair pushes
    "55430-3": LENGTH,  # Walking distance unspecified time Pedometer
    "93816-7": LENGTH,  # Swimming distance
    "41981-2": ENERGY,  # Calories burned
    "9052-2": ENERGY,  # Calorie intake total
    "40443-4": {"/min"},  # Heart rate --resting
    "80404-7": {"ms", "s"},  # R-R interval standard deviation
}


def codes(concept, system=LOINC):
    return [c.get("code") for c in (concept or {}).get("coding", []) if c.get("system") == system]


def check_quantity(where, quantity, allowed, problems, loinc=()):
    if quantity.get("system") != UCUM:
        problems.append(f"{where}: valueQuantity is not UCUM (system {quantity.get('system')!r})")
        return
    problem = ucum_problem(quantity.get("code", ""))
    if problem:
        problems.append(f"{where}: unit {quantity.get('code')!r}: {problem}")
    if allowed is not None and quantity.get("code") not in allowed:
        problems.append(f"{where}: unit {quantity.get('code')!r} is not one of {sorted(allowed)}")
    value = quantity.get("value")
    if not isinstance(value, (int, float)):
        problems.append(f"{where}: valueQuantity has no number")
        return
    for code in loinc:
        low, high = PLAUSIBLE.get((code, quantity.get("code")), (None, None))
        if low is not None and not low <= value <= high:
            problems.append(f"{where}: {value} {quantity.get('code')} is outside {low}-{high}, a living person's range for LOINC {code}")


def check_observation(where, obs, problems):
    loinc = codes(obs.get("code"))
    categories = [c for concept in obs.get("category", []) for c in codes(concept, "http://terminology.hl7.org/CodeSystem/observation-category")]
    vital = [c for c in loinc if c in VITAL_SIGNS or c == BLOOD_PRESSURE_PANEL]
    if vital and "vital-signs" not in categories:
        problems.append(f"{where}: LOINC {vital[0]} is a vital sign but the Observation is not in the vital-signs category")
    if "vital-signs" in categories:
        if not vital:
            problems.append(f"{where}: in the vital-signs category without a vital-signs LOINC code")
        if not obs.get("subject"):
            problems.append(f"{where}: a vital sign without a subject")
        if not (obs.get("effectiveDateTime") or obs.get("effectivePeriod")):
            problems.append(f"{where}: a vital sign without an effective time")
    if BLOOD_PRESSURE_PANEL in loinc:
        if "valueQuantity" in obs:
            problems.append(f"{where}: the blood-pressure panel carries its values in components, not valueQuantity")
        components = obs.get("component", [])
        for part in ("8480-6", "8462-4"):
            found = [c for c in components if part in codes(c.get("code"))]
            if len(found) != 1:
                problems.append(f"{where}: the blood-pressure panel has {len(found)} component(s) coded {part}, not 1")
                continue
            if "valueQuantity" in found[0]:
                check_quantity(f"{where} component {part}", found[0]["valueQuantity"], VITAL_SIGNS[part], problems, [part])
            elif "dataAbsentReason" not in found[0]:
                problems.append(f"{where}: component {part} has neither a value nor a dataAbsentReason")
        return
    quantity = obs.get("valueQuantity")
    if quantity is None:
        problems.append(f"{where}: no valueQuantity")
        return
    allowed = next((VITAL_SIGNS.get(c) or DIMENSIONS.get(c) for c in loinc if c in VITAL_SIGNS or c in DIMENSIONS), None)
    check_quantity(where, quantity, allowed, problems, loinc)


def main(path):
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    problems = []
    try:
        Bundle.parse_obj(document)
    except ValidationError as error:
        for item in error.errors():
            problems.append("fhir.resources: " + " → ".join(str(p) for p in item["loc"]) + ": " + item["msg"])
    observations = 0
    for index, entry in enumerate(document.get("entry", [])):
        resource = entry.get("resource", {})
        if resource.get("resourceType") == "Observation":
            observations += 1
            check_observation(f"entry {index} (Observation {resource.get('id')})", resource, problems)
    for problem in problems:
        print(problem)
    print(f"fhir.resources {fhir.resources.__version__} (FHIR R4): {len(document.get('entry', []))} entries, "
          f"{observations} Observations, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
