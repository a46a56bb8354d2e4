// Intel's ISA-L: raw deflate decompression and CRC-32 several times faster than zlib's.
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
