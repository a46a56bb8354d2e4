#!/usr/bin/env python3
"""Writes Tests/HealthImportTests/Fixtures/zip/zip64.zip: a small zip in ZIP64 form (64-bit
sizes and offsets in every central directory entry, and ZIP64 end records), as exports
over 4 GB are, so the tests read that layout without a 4 GB file.

Python writes ZIP64 fields only past its limits; lowering them forces them here, and the
classic end record is then saturated (0xFFFF, 0xFFFFFFFF) as large archives have it, so a
reader must follow the ZIP64 locator."""
import os, struct, zipfile

zipfile.ZIP64_LIMIT = 0
zipfile.ZIP_FILECOUNT_LIMIT = 0
out = os.path.join(os.path.dirname(__file__), "..", "Tests", "HealthImportTests", "Fixtures", "zip", "zip64.zip")
document = "".join(f'<Record type="HKQuantityTypeIdentifierStepCount" value="{n}"/>\n' for n in range(5000)).encode()
with zipfile.ZipFile(out, "w", allowZip64=True) as archive:
    archive.writestr(zipfile.ZipInfo("apple_health_export/export.xml"), document, compress_type=zipfile.ZIP_DEFLATED)
    archive.writestr(zipfile.ZipInfo("apple_health_export/stored.txt"), b"stored, not deflated\n", compress_type=zipfile.ZIP_STORED)

with open(out, "r+b") as archive:
    archive.seek(-22, os.SEEK_END)
    end = bytearray(archive.read(22))
    assert end[:4] == b"PK\x05\x06"
    struct.pack_into("<HHII", end, 8, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF)
    archive.seek(-22, os.SEEK_END)
    archive.write(end)
