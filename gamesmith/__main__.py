from gamesmith.cli import main

main()
