// glibc's allocator settings (mallopt), which Glibc's module map leaves out.
#include <malloc.h>
