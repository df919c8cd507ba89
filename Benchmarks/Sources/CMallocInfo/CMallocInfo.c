// mallinfo2 is not in Swift's Glibc module; CMallocInfo.h wraps it.
