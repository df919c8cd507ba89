import CMallocInfo
import Glibc

/// Bytes the process has allocated with malloc and not freed yet.
func heapBytesInUse() -> Double { Double(yaru_heap_bytes_in_use()) }

/// The process's peak resident set (VmHWM), in bytes.
func peakResidentBytes() -> Double {
  guard let file = fopen("/proc/self/status", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix("VmHWM:") {
      let kilobytes = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return kilobytes * 1024
    }
  }
  return 0
}
