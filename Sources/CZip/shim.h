// zlib, for the CRC-32 of zip entries (ZIPFoundation's own CRC is a slow Swift loop on Linux).
#include <zlib.h>
