import Glibc
import MenuctlKit

exit(MenuctlMain.run(arguments: CommandLine.arguments))
