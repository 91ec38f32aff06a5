import Glibc
import MenudRuntime

exit(DaemonMain.run(arguments: CommandLine.arguments))
