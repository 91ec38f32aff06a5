import MenuctlKit
