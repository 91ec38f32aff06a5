import Foundation
import MenudRuntime

exit(DaemonMain.run(arguments: CommandLine.arguments))
