// zlib: a bundle's zip is deflated, inflated and checked (CRC-32) with it.
#include <zlib.h>
