/// Firmware entry for the micro:bit v1, called by Reset_Handler (startup.c)
/// once .data and .bss are set up. Today: the bring-up app. The real firmware
/// app (generic over `Board`) replaces `BringUp` here; nothing else changes.
@main
struct MicrobitMain {
  static func main() {
    var app = BringUp(board: MicrobitBoard())
    app.run()
  }
}
